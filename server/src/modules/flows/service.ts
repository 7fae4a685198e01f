import { and, asc, eq, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Storage } from '../../storage/storage';
import { describedError } from '../assets/described-error';
import { newFileToken } from '../assets/file-urls';
import { isUuid } from '../contacts/paging';
import { defaultFlowTexts } from './defaults';
import type { AccountFlowSource } from './flow-source';
import { downloadPreviewImage } from './preview-image';
import { flows, type FlowRow } from './schema';

/** A form template as the API answers it (shared/src/contract FormTemplate). */
export interface FormTemplateView {
  id: string;
  metaFlowId: string;
  displayName: string;
  description: string | null;
  preview: string | null;
  header: string | null;
  body: string | null;
  footer: string | null;
  ctaText: string | null;
  isCustomizable: boolean;
  isActive: boolean;
  status: string;
  categories: string[];
}

export const flowPreviewUrl = (token: string) => `/api/files/flow-previews/${token}`;

export const toFormTemplateView = (row: FlowRow): FormTemplateView => ({
  id: row.id,
  metaFlowId: row.metaFlowId,
  displayName: row.name,
  description: row.description,
  preview: row.previewKey && row.previewToken ? flowPreviewUrl(row.previewToken) : null,
  header: row.header,
  body: row.body,
  footer: row.footer,
  ctaText: row.ctaText,
  isCustomizable: row.isCustomizable,
  isActive: row.status === 'PUBLISHED',
  status: row.status,
  categories: row.categories,
});

const FORM_NOT_FOUND = 'Form not found';
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
export async function getFlowForSending(db: Db, accountId: string, id: string): Promise<FlowRow> {
  const row = await findFlow(db, accountId, id);
  if (row.status !== 'PUBLISHED') throw describedError(422, 'This form is not published, so it cannot be sent');
  return row;
}

export interface FlowTexts {
  header: string | null;
  body: string;
  footer: string | null;
  ctaText: string;
}

export async function customizeFormTemplate(db: Db, accountId: string, id: string, texts: FlowTexts) {
  const row = await findFlow(db, accountId, id);
  if (!row.isCustomizable) throw describedError(422, 'This form cannot be customized');
  const [updated] = await db
    .update(flows)
    .set({ ...texts, updatedAt: new Date() })
    .where(and(eq(flows.id, id), eq(flows.accountId, accountId)))
    .returning();
  return toFormTemplateView(updated);
}

const PREVIEW_RETRY_MS = 24 * 3600_000;

/**
 * Brings the stored flows in line with the WABA: new flows get default texts, known ones their new name,
 * status and categories (our texts stay), flows gone from the WABA are hidden. Then missing preview images
 * are fetched (best effort, at most once a day per flow).
 */
export async function syncFlows(
  db: Db,
  storage: Storage,
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
        ...defaultFlowTexts(flow.name, flow.categories),
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

  const withoutPreview = await db
    .select()
    .from(flows)
    .where(
      and(
        shown(accountId),
        isNull(flows.previewKey),
        or(isNull(flows.previewCheckedAt), lt(flows.previewCheckedAt, new Date(now.getTime() - PREVIEW_RETRY_MS))),
      ),
    );
  for (const row of withoutPreview) {
    await storePreview(db, storage, row, source).catch((error: unknown) =>
      log.warn({ err: error, flowId: row.metaFlowId }, 'could not fetch the flow preview'),
    );
  }
}

async function storePreview(db: Db, storage: Storage, row: FlowRow, source: AccountFlowSource): Promise<void> {
  await db.update(flows).set({ previewCheckedAt: new Date() }).where(eq(flows.id, row.id));
  const url = await source.previewUrl(row.metaFlowId);
  const image = url ? await downloadPreviewImage(url) : null;
  if (!image) return;
  const key = `accounts/${row.accountId}/flows/${row.id}/preview`;
  await storage.put(key, image.bytes, { contentType: image.contentType, size: image.bytes.length });
  await db
    .update(flows)
    .set({ previewKey: key, previewContentType: image.contentType, previewToken: newFileToken() })
    .where(eq(flows.id, row.id));
}

export async function findFlowByPreviewToken(db: Db, token: string): Promise<FlowRow | undefined> {
  const [row] = await db.select().from(flows).where(eq(flows.previewToken, token)).limit(1);
  return row;
}
