/**
 * Forms (WhatsApp Flows), spec sections 2 and 7:
 *   GET  /api/account/flows        (user)  → FormTemplate[] (synced from the WABA first, when connected)
 *   GET  /api/account/flows/{id}   (user)  → FormTemplate
 *   POST /api/account/flows/{id}   (owner) { header, body, footer, ctaText } → FormTemplate (customizable only)
 *   GET  /api/files/flow-previews/{token} (public, capability address like asset files)
 * Without a WhatsApp connection, or when the Graph API fails, the list is what is stored: never a 500.
 */
import { z } from 'zod';
import { requireAuth } from '../../http/access';
import type { AppModule } from '../../services';
import { describedError, parseDescribed } from '../assets/described-error';
import { FILE_TOKEN } from '../assets/file-urls';
import { sendStoredFile } from '../assets/serve-stored-file';
import { FLOW_TEXT_LIMITS, hasEmoji } from './limits';
import { createFlowSync } from './flow-sync';
import { customizeFormTemplate, findFlowByPreviewToken, getFormTemplate, listFormTemplates } from './service';
import { createWhatsAppFlowSource } from './whatsapp-flow-source';

const characters = (text: string) => [...text].length;

/** Trimmed text of at most `max` characters (counted as people count them, not UTF-16 units). */
const flowText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .refine((text) => characters(text) <= max, `${label} is too long (at most ${max} characters)`);

const optionalFlowText = (label: string, max: number) =>
  z.preprocess((value) => (value === undefined || value === '' ? null : value), flowText(label, max).nullable());

const customizeBody = z.object({
  header: optionalFlowText('Header', FLOW_TEXT_LIMITS.header),
  body: flowText('Body', FLOW_TEXT_LIMITS.body).pipe(z.string().min(1, 'Body is required')),
  footer: optionalFlowText('Footer', FLOW_TEXT_LIMITS.footer),
  ctaText: flowText('Button text', FLOW_TEXT_LIMITS.ctaText)
    .pipe(z.string().min(1, 'Button text is required'))
    .refine((text) => !hasEmoji(text), 'Button text cannot contain emoji'),
});

type IdParams = { Params: { id: string } };

export const flowsModule: AppModule = {
  name: 'flows',
  register(app, services) {
    const { db, storage } = services;
    const sync = createFlowSync(db, storage, createWhatsAppFlowSource(services), app.log);

    app.get('/api/account/flows', { config: { access: 'user' } }, async (request) => {
      const { accountId } = requireAuth(request);
      await sync.refresh(accountId);
      return listFormTemplates(db, accountId);
    });

    app.get<IdParams>('/api/account/flows/:id', { config: { access: 'user' } }, async (request) => {
      const { accountId } = requireAuth(request);
      return getFormTemplate(db, accountId, request.params.id);
    });

    app.post<IdParams>('/api/account/flows/:id', { config: { access: 'owner' } }, async (request) => {
      const { accountId } = requireAuth(request);
      const texts = parseDescribed(customizeBody, request.body);
      return customizeFormTemplate(db, accountId, request.params.id, texts);
    });

    app.get<{ Params: { token: string } }>(
      '/api/files/flow-previews/:token',
      { config: { access: 'public' } },
      async (request, reply) => {
        const { token } = request.params;
        const flow = FILE_TOKEN.test(token) ? await findFlowByPreviewToken(db, token) : undefined;
        if (!flow?.previewKey) throw describedError(404, 'File not found');
        return sendStoredFile(request, reply, storage, {
          key: flow.previewKey,
          contentType: flow.previewContentType ?? 'image/png',
          fileName: `${flow.name}-preview`,
        });
      },
    );
  },
};
