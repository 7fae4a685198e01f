/**
 * Forms (WhatsApp Flows), docs/product-rules.md#library, #calls:
 *   GET  /api/account/flows        (user)  → FormTemplate[] (synced from the WABA first, when connected)
 *   GET  /api/account/flows/{id}   (user)  → FormTemplate
 *   POST /api/account/flows/{id}   (owner) { header, body, footer, ctaText } → FormTemplate (customizable only)
 * Without a WhatsApp connection, or when the Graph API fails, the list is what is stored: never a 500. A form's
 * `previewUrl` is Meta's preview web page (renewed on sync, as Meta's links expire). Refusals carry
 * `description` (the screens show it).
 */
import { customizeFormBody, formTemplate, idParams } from '@parley/contract';
import { z } from 'zod';
import { requireAuth } from '../../http/access';
import { refusals, typed } from '../../http/api-reference';
import type { AppModule } from '../../services';
import { createFlowSync } from './flow-sync';
import { customizeFormTemplate, getFormTemplate, listFormTemplates } from './service';
import { createWhatsAppFlowSource } from './whatsapp-flow-source';

export const formsModule: AppModule = {
  name: 'forms',
  register(app, services) {
    const { db } = services;
    const sync = createFlowSync(db, createWhatsAppFlowSource(services), app.log);
    const api = typed(app);
    const tags = ['Forms'];
    const formAnswers = { 200: formTemplate, ...refusals };

    api.get(
      '/api/account/flows',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The account's forms, synced from WhatsApp first when connected",
          response: { 200: z.array(formTemplate), ...refusals },
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        await sync.refresh(accountId);
        return listFormTemplates(db, accountId);
      },
    );

    api.get(
      '/api/account/flows/:id',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'One form', params: idParams, response: formAnswers },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        return getFormTemplate(db, accountId, request.params.id);
      },
    );

    api.post(
      '/api/account/flows/:id',
      {
        config: { access: 'owner', describedRefusals: true },
        schema: {
          tags,
          summary: "Change a customizable form's texts",
          params: idParams,
          body: customizeFormBody,
          response: formAnswers,
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        return customizeFormTemplate(db, accountId, request.params.id, request.body);
      },
    );
  },
};
