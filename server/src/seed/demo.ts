/**
 * Idempotent demo data: the account "Parley Demo" with a verified, active owner and agent (see
 * demo-logins.ts). Running it again changes nothing. Later steps (WhatsApp connection, contacts,
 * conversations) build on the ids it returns.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts } from '../modules/accounts/schema';
import type { PasswordHasher } from '../modules/auth/passwords';
import { users } from '../modules/users/schema';
import type { Config } from '../config';
import { seedDemoConversations } from './demo-conversations';
import { DEMO_ACCOUNT_NAME, DEMO_LOGINS } from './demo-logins';

export interface DemoSeed {
  accountId: string;
  ownerId: string;
  agentId: string;
}

/** With `config` (its encryption key seals the WhatsApp token) the channel's demo data is added too. */
export async function seedDemo(
  db: Db,
  passwords: PasswordHasher,
  config?: Pick<Config, 'encryptionKey'>,
): Promise<DemoSeed> {
  const [existingOwner] = await db.select().from(users).where(eq(users.email, DEMO_LOGINS.owner.email)).limit(1);
  const accountId =
    existingOwner?.accountId ??
    (await db.insert(accounts).values({ name: DEMO_ACCOUNT_NAME }).returning({ id: accounts.id }))[0].id;

  const ensureUser = async (login: (typeof DEMO_LOGINS)[keyof typeof DEMO_LOGINS], role: 'owner' | 'agent') => {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, login.email)).limit(1);
    if (existing) return existing.id;
    const [created] = await db
      .insert(users)
      .values({
        accountId,
        fullName: login.fullName,
        title: login.title,
        email: login.email,
        passwordHash: await passwords.hash(login.password),
        role,
        status: 'active',
        verifiedAt: new Date(),
      })
      .returning({ id: users.id });
    return created.id;
  };

  const ownerId = await ensureUser(DEMO_LOGINS.owner, 'owner');
  const agentId = await ensureUser(DEMO_LOGINS.agent, 'agent');
  if (config) await seedDemoConversations(db, config, accountId);
  return { accountId, ownerId, agentId };
}
