/**
 * GET /api/contacts?limit&page (user) → { list, lastPage }; POST /api/contacts {name, phone, email} (owner);
 * DELETE /api/contacts/{id} (owner). Always within the caller's account: another account's id is a 404.
 */
import { contact, contactBody, idParams, okAnswer, paged, pageQuery } from '@parley/contract';
import { requireAuth } from '../../http/access';
import { refusals, typed } from '../../http/api-reference';
import type { AppModule } from '../../services';
import { addContact, deleteContact, listContacts } from './service';

export const contactsModule: AppModule = {
  name: 'contacts',
  register(app, { db }) {
    const api = typed(app);
    const tags = ['Contacts'];

    api.get(
      '/api/contacts',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A page of the account's contacts",
          querystring: pageQuery,
          response: { 200: paged(contact), ...refusals },
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        return listContacts(db, accountId, request.query);
      },
    );

    api.post(
      '/api/contacts',
      {
        config: { access: 'owner' },
        schema: { tags, summary: 'Add a contact', body: contactBody, response: { 201: contact, ...refusals } },
      },
      async (request, reply) => {
        const { accountId } = requireAuth(request);
        const body = request.body;
        const created = await addContact(db, accountId, {
          name: body.name ?? null,
          phone: body.phone,
          email: body.email ?? null,
        });
        return reply.status(201).send(created);
      },
    );

    api.delete(
      '/api/contacts/:id',
      {
        config: { access: 'owner' },
        schema: { tags, summary: 'Delete a contact', params: idParams, response: { 200: okAnswer, ...refusals } },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        await deleteContact(db, accountId, request.params.id);
        return { ok: true as const };
      },
    );
  },
};
