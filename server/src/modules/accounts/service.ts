import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { accounts } from './schema';

export interface AccountView {
  id: string;
  name: string;
  logo: string | null;
}

export async function getAccount(db: Db, accountId: string): Promise<AccountView> {
  const [account] = await db
    .select({ id: accounts.id, name: accounts.name, logo: accounts.logo })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!account) throw notFound('Account not found');
  return account;
}

export async function renameAccount(db: Db, accountId: string, name: string): Promise<AccountView> {
  const [account] = await db
    .update(accounts)
    .set({ name })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id, name: accounts.name, logo: accounts.logo });
  if (!account) throw notFound('Account not found');
  return account;
}
