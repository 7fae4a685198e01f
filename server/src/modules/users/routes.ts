/**
 * The User List (owner only, own account only):
 * GET /api/account/users?limit&page → { list, lastPage } · POST /api/account/users → 201 AccountUser
 * PUT /api/account/users/{id} {fullName,title} · PUT /api/account/users/{id}/status {status: hold|active}
 * DELETE /api/account/users/{id} → { ok: true }
 */
import {
  idParams,
  newUserBody,
  okAnswer,
  paged,
  SOCKET_EVENTS,
  type SessionEndedEvent,
  userPageQuery,
  accountUser,
  userChangesBody,
  userStatusBody,
} from '@parley/contract';
import { requireAuth } from '../../http/access';
import { refusals, typed } from '../../http/api-reference';
import type { AppModule } from '../../services';
import { ChangeLog, createAnnouncer } from '../conversations/announce';
import { createMediaLinkSigner } from '../conversations/media-links';
import { addUser, deleteUser, listUsers, setUserStatus, updateUser } from './service';

export const usersModule: AppModule = {
  name: 'users',
  register(app, { db, passwords, realtime, config }) {
    const api = typed(app);
    const events = createAnnouncer(db, realtime, createMediaLinkSigner(config.auth.jwtSecret), app.log);
    const owner = { config: { access: 'owner' as const } };
    const tags = ['Users'];
    const userAnswers = { 200: accountUser, ...refusals };
    const onlineIn = async (accountId: string) => new Set(await realtime.onlineUserIds(accountId));
    /**
     * The user's tokens are already dead (token version bumped); their open pages are told why before their
     * sockets are cut, so they can leave at once instead of at their next call.
     */
    const endSessions = (userId: string, reason: SessionEndedEvent['reason']) => {
      realtime.toUser(userId, SOCKET_EVENTS.sessionEnded, { reason });
      realtime.disconnectUser(userId);
    };

    api.get(
      '/api/account/users',
      {
        ...owner,
        schema: {
          tags,
          summary: "A page of the account's staff, with who is online",
          querystring: userPageQuery,
          response: { 200: paged(accountUser), ...refusals },
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        const { limit, page } = request.query;
        return listUsers(db, accountId, limit, page, await onlineIn(accountId));
      },
    );

    api.post(
      '/api/account/users',
      {
        ...owner,
        schema: {
          tags,
          summary: 'Add a staff member (agent)',
          body: newUserBody,
          response: { 201: accountUser, ...refusals },
        },
      },
      async (request, reply) => {
        const { accountId } = requireAuth(request);
        const user = await addUser(db, passwords, accountId, request.body);
        return reply.status(201).send(user);
      },
    );

    api.put(
      '/api/account/users/:id',
      {
        ...owner,
        schema: {
          tags,
          summary: "Change a staff member's name and title",
          params: idParams,
          body: userChangesBody,
          response: userAnswers,
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        return updateUser(db, accountId, request.params.id, request.body, await onlineIn(accountId));
      },
    );

    api.put(
      '/api/account/users/:id/status',
      {
        ...owner,
        schema: {
          tags,
          summary: 'Suspend (hold) or reactivate a staff member; holding ends their sessions',
          params: idParams,
          body: userStatusBody,
          response: userAnswers,
        },
      },
      async (request) => {
        const { accountId, userId } = requireAuth(request);
        const { user, sessionsEnded, unassigned } = await setUserStatus(
          db,
          accountId,
          userId,
          request.params.id,
          request.body.status,
          await onlineIn(accountId),
        );
        if (sessionsEnded) endSessions(user.id, 'suspended');
        void events.announce(new ChangeLog().conversation(...unassigned));
        return user;
      },
    );

    api.delete(
      '/api/account/users/:id',
      {
        ...owner,
        schema: {
          tags,
          summary: 'Delete a staff member; ends their sessions',
          params: idParams,
          response: { 200: okAnswer, ...refusals },
        },
      },
      async (request) => {
        const { accountId, userId } = requireAuth(request);
        const unassigned = await deleteUser(db, accountId, userId, request.params.id);
        void events.announce(new ChangeLog().conversation(...unassigned));
        endSessions(request.params.id, 'deleted');
        return { ok: true as const };
      },
    );
  },
};
