/**
 * Staff users (owner only, own account only):
 * GET /api/account/users?limit&page → { list, lastPage } · POST /api/account/users → 201 StaffUser
 * PUT /api/account/users/{id} {fullName,title} · PUT /api/account/users/{id}/status {status: hold|active}
 * DELETE /api/account/users/{id} → { ok: true }
 */
import { z } from 'zod';
import { requireAuth } from '../../http/access';
import { MAX_EMAIL, parseBody, parseQuery, passwordField, requiredString } from '../../http/validation';
import type { AppModule } from '../../services';
import { addStaff, deleteStaff, listStaff, setStaffStatus, updateStaff } from './service';

/** The list's page sizes run 5 to 50 in the browser (spec section 9); the server accepts up to 100. */
const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(5),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

const newUserBody = z.object({
  fullName: requiredString(),
  title: requiredString(),
  // Spec section 5: the add-user email must be in email format.
  email: z
    .string()
    .trim()
    .min(1)
    .max(MAX_EMAIL)
    .pipe(z.email({ error: 'Email must be a valid email address' })),
  password: passwordField(),
});

const changesBody = z.object({ fullName: requiredString(), title: requiredString() });
const statusBody = z.object({ status: z.enum(['hold', 'active']) });

type IdParams = { id: string };

/** Socket event sent to a user whose sessions an owner ended (suspension, deletion). */
export const SESSION_ENDED_EVENT = 'sessionEnded';

export const staffModule: AppModule = {
  name: 'staff',
  register(app, { db, passwords, realtime }) {
    const owner = { config: { access: 'owner' as const } };
    const onlineIn = async (accountId: string) => new Set(await realtime.onlineUserIds(accountId));
    /**
     * The user's tokens are already dead (token version bumped); their open pages are told why before their
     * sockets are cut, so they can leave at once instead of at their next call.
     */
    const endSessions = (userId: string, reason: 'suspended' | 'deleted') => {
      realtime.toUser(userId, SESSION_ENDED_EVENT, { reason });
      realtime.disconnectUser(userId);
    };

    app.get('/api/account/users', owner, async (request) => {
      const { accountId } = requireAuth(request);
      const { limit, page } = parseQuery(pageQuery, request.query);
      return listStaff(db, accountId, limit, page, await onlineIn(accountId));
    });

    app.post('/api/account/users', owner, async (request, reply) => {
      const { accountId } = requireAuth(request);
      const user = await addStaff(db, passwords, accountId, parseBody(newUserBody, request.body));
      return reply.status(201).send(user);
    });

    app.put<{ Params: IdParams }>('/api/account/users/:id', owner, async (request) => {
      const { accountId } = requireAuth(request);
      const changes = parseBody(changesBody, request.body);
      return updateStaff(db, accountId, request.params.id, changes, await onlineIn(accountId));
    });

    app.put<{ Params: IdParams }>('/api/account/users/:id/status', owner, async (request) => {
      const { accountId, userId } = requireAuth(request);
      const { status } = parseBody(statusBody, request.body);
      const { user, sessionsEnded } = await setStaffStatus(
        db,
        accountId,
        userId,
        request.params.id,
        status,
        await onlineIn(accountId),
      );
      if (sessionsEnded) endSessions(user.id, 'suspended');
      return user;
    });

    app.delete<{ Params: IdParams }>('/api/account/users/:id', owner, async (request) => {
      const { accountId, userId } = requireAuth(request);
      await deleteStaff(db, accountId, userId, request.params.id);
      endSessions(request.params.id, 'deleted');
      return { ok: true };
    });
  },
};
