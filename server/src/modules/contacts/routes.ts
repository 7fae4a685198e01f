/**
 * GET /api/contacts?limit&page (user) → { list, lastPage }; POST /api/contacts {name, phone, email} (owner);
 * DELETE /api/contacts/{id} (owner). Always within the caller's account: another account's id is a 404.
 */
import { z } from 'zod';
import { requireAuth } from '../../http/access';
import { emailField, MAX_TEXT, parseBody, parseQuery } from '../../http/validation';
import type { AppModule } from '../../services';
import { pageQuery } from './paging';
import { normalizePhone, PHONE_RULE } from './phone';
import { addContact, deleteContact, listContacts } from './service';

/** '' and missing both mean "not given" for the optional fields of the form. */
const optionalText = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullish());

const contactBody = z.object({
  name: optionalText(z.string().trim().max(MAX_TEXT)),
  phone: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .transform((typed, context) => {
      const digits = normalizePhone(typed);
      if (!digits) context.addIssue({ code: 'custom', message: PHONE_RULE });
      return digits ?? '';
    }),
  email: optionalText(emailField().pipe(z.email())),
});

export const contactsModule: AppModule = {
  name: 'contacts',
  register(app, { db }) {
    app.get('/api/contacts', { config: { access: 'user' } }, async (request) => {
      const { accountId } = requireAuth(request);
      return listContacts(db, accountId, parseQuery(pageQuery, request.query));
    });

    app.post('/api/contacts', { config: { access: 'owner' } }, async (request, reply) => {
      const { accountId } = requireAuth(request);
      const body = parseBody(contactBody, request.body);
      const contact = await addContact(db, accountId, {
        name: body.name ?? null,
        phone: body.phone,
        email: body.email ?? null,
      });
      return reply.status(201).send(contact);
    });

    app.delete<{ Params: { id: string } }>('/api/contacts/:id', { config: { access: 'owner' } }, async (request) => {
      const { accountId } = requireAuth(request);
      await deleteContact(db, accountId, request.params.id);
      return { ok: true };
    });
  },
};
