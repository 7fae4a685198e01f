import { ERROR_TEXTS } from '@parley/contract';
import { and, asc, eq, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { describedError } from '../assets/described-error';
import { isUuid } from '../../http/ids';
import { defaultFormTexts } from './defaults';
import type { AccountFlowSource } from './flow-source';
import { flows, type FlowRow } from './schema';

/** A form template as the API answers it (@parley/contract formTemplate). */
export interface FormTemplateView {
  id: string;
  metaFlowId: string;
  displayName: string;
  description: string | null;
  /** Meta's preview of the flow: a web page to open or frame, not an image; null when Meta gave none. */
  previewUrl: string | null;
  header: string | null;
  body: string | null;
  footer: string | null;
  ctaText: string | null;
  isCustomizable: boolean;
  isActive: boolean;
  status: string;
  categories: string[];
}

export const toFormTemplateView = (row: FlowRow): FormTemplateView => ({
  id: row.id,
  metaFlowId: row.metaFlowId,
  displayName: row.name,
  description: row.description,
  previewUrl: row.previewUrl,
  header: row.header,
  body: row.body,
  footer: row.footer,
  ctaText: row.ctaText,
  isCustomizable: row.isCustomizable,
  isActive: row.status === 'PUBLISHED',
  status: row.status,
  categories: row.categories,
});

const FORM_NOT_FOUND = ERROR_TEXTS.form_not_found;
const shown = (accountId: string) => and(eq(flows.accountId, accountId), isNull(flows.removedAt));

export async function listFormTemplates(db: Db, accountId: string): Promise<FormTemplateView[]> {
  const rows = await db.select().from(flows).where(shown(accountId)).orderBy(asc(flows.name), asc(flows.id));
  return rows.map(toFormTemplateView);
}

async function findFlow(db: Db, accountId: string, id: string): Promise<FlowRow> {
  if (!isUuid(id)) throw describedError(404, FORM_NOT_FOUND);
  const [row] = await db
    .select()
    .from(flows)
    .where(and(eq(flows.id, id), shown(accountId)))
    .limit(1);
  if (!row) throw describedError(404, FORM_NOT_FOUND);
  return row;
}

export async function getFormTemplate(db: Db, accountId: string, id: string): Promise<FormTemplateView> {
  return toFormTemplateView(await findFlow(db, accountId, id));
}

/**
 * For the composer's "send a form": the account's flow with Meta's id and the message texts. 404 when it is
 * not the account's; 422 when it is not published (WhatsApp would refuse it).
 */
export async function getFormForSending(db: Db, accountId: string, id: string): Promise<FlowRow> {
  const row = await findFlow(db, accountId, id);
  if (row.status !== 'PUBLISHED') throw describedError(422, ERROR_TEXTS.form_not_published);
  return row;
}

export interface FormTexts {
  header: string | null;
  body: string;
  footer: string | null;
  ctaText: string;
}

export async function customizeFormTemplate(db: Db, accountId: string, id: string, texts: FormTexts) {
  const row = await findFlow(db, accountId, id);
  if (!row.isCustomizable) throw describedError(422, ERROR_TEXTS.form_not_customizable);
  const [updated] = await db
    .update(flows)
    .set({ ...texts, updatedAt: new Date() })
    .where(and(eq(flows.id, id), eq(flows.accountId, accountId)))
    .returning();
  return toFormTemplateView(updated);
}

/** Meta's preview links expire (after about 30 days): renewed on a sync when less than this is left. */
const PREVIEW_RENEW_BEFORE_MS = 24 * 3600_000;
const PREVIEW_RETRY_MS = 3600_000;

/**
 * Brings the stored flows in line with the WABA: new flows get default texts, known ones their new name,
 * status and categories (our texts stay), flows gone from the WABA are hidden. Then preview links that are
 * missing or about to expire are asked for again (best effort).
 */
export async function syncFlows(
  db: Db,
  accountId: string,
  source: AccountFlowSource,
  log: FastifyBaseLogger,
): Promise<void> {
  const metaFlows = await source.listFlows();
  const now = new Date();
  for (const flow of metaFlows) {
    await db
      .insert(flows)
      .values({
        accountId,
        metaFlowId: flow.id,
        name: flow.name,
        status: flow.status,
        categories: flow.categories,
        ...defaultFormTexts(flow.name, flow.categories),
        syncedAt: now,
      })
      .onConflictDoUpdate({
        target: [flows.accountId, flows.metaFlowId],
        set: { name: flow.name, status: flow.status, categories: flow.categories, syncedAt: now, removedAt: null },
      });
  }
  const seen = metaFlows.map((flow) => flow.id);
  await db
    .update(flows)
    .set({ removedAt: now })
    .where(
      and(
        eq(flows.accountId, accountId),
        isNull(flows.removedAt),
        seen.length > 0 ? notInArray(flows.metaFlowId, seen) : sql`true`,
      ),
    );

  const stale = await db
    .select()
    .from(flows)
    .where(
      and(
        shown(accountId),
        or(
          isNull(flows.previewCheckedAt),
          lt(flows.previewExpiresAt, new Date(now.getTime() + PREVIEW_RENEW_BEFORE_MS)),
          // None given, or no expiry known: asked again hourly, not on every list.
          and(
            or(isNull(flows.previewUrl), isNull(flows.previewExpiresAt)),
            lt(flows.previewCheckedAt, new Date(now.getTime() - PREVIEW_RETRY_MS)),
          ),
        ),
      ),
    );
  for (const row of stale) {
    await renewPreview(db, row, source).catch((error: unknown) =>
      log.warn({ err: error, flowId: row.metaFlowId }, 'could not get the flow preview link'),
    );
  }
}

async function renewPreview(db: Db, row: FlowRow, source: AccountFlowSource): Promise<void> {
  const preview = await source.preview(row.metaFlowId);
  const expiresAt = preview?.expiresAt ? new Date(preview.expiresAt) : null;
  await db
    .update(flows)
    .set({
      previewUrl: preview?.url ?? null,
      previewExpiresAt: expiresAt && !Number.isNaN(expiresAt.getTime()) ? expiresAt : null,
      previewCheckedAt: new Date(),
    })
    .where(eq(flows.id, row.id));
}
