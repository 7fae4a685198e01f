/**
 * GET /api/user/profile, PUT /api/user/profile (fullName, language), POST /api/user/change-password.
 * A password change answers `{ message, token }`: older tokens (this one included) stop working, so the client
 * keeps the session by storing the new token; the user's sockets are closed and reconnect with it.
 */
import { changePasswordBody, currentUser, passwordChangedAnswer, profileBody } from '@parley/contract';
import { requireAuth } from '../../http/access';
import { refusals, typed } from '../../http/api-reference';
import type { AppModule } from '../../services';
import { changePassword, getProfile, updateProfile } from './service';

export const profileModule: AppModule = {
  name: 'profile',
  register(app, { db, passwords, tokens, realtime }) {
    const api = typed(app);
    const userRoute = { config: { access: 'user' as const } };
    const tags = ['Profile'];
    const profileAnswers = { 200: currentUser, ...refusals };

    api.get(
      '/api/user/profile',
      { ...userRoute, schema: { tags, summary: "The caller's profile and account", response: profileAnswers } },
      async (request) => getProfile(db, requireAuth(request).userId),
    );

    api.put(
      '/api/user/profile',
      {
        ...userRoute,
        schema: {
          tags,
          summary: "Change the caller's full name or language (null: follow the browser's)",
          body: profileBody,
          response: profileAnswers,
        },
      },
      async (request) => {
        const { userId } = requireAuth(request);
        const { fullName, language } = request.body;
        await updateProfile(db, userId, {
          ...(fullName === undefined ? {} : { fullName }),
          ...(language === undefined ? {} : { language }),
        });
        return getProfile(db, userId);
      },
    );

    api.post(
      '/api/user/change-password',
      {
        ...userRoute,
        schema: {
          tags,
          summary: "Change the caller's password: answers the new token (older ones stop working)",
          body: changePasswordBody,
          response: { 200: passwordChangedAnswer, ...refusals },
        },
      },
      async (request) => {
        const { userId } = requireAuth(request);
        const body = request.body;
        const { tokenVersion, accountId, role, lastLoginAt } = await changePassword(
          db,
          passwords,
          userId,
          body.password,
          body.newPassword,
        );
        const { token } = await tokens.sign({
          userId,
          accountId,
          role,
          lastLoginDate: (lastLoginAt ?? new Date()).toISOString(),
          tokenVersion,
        });
        realtime.disconnectUser(userId);
        return { message: 'Password changed successfully', token };
      },
    );
  },
};
