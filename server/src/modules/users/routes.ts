/**
 * GET /api/user/profile, PUT /api/user/profile (fullName), POST /api/user/change-password.
 * A password change answers `{ message, token }`: older tokens (this one included) stop working, so the client
 * keeps the session by storing the new token; the user's sockets are closed and reconnect with it.
 */
import { z } from 'zod';
import { requireAuth } from '../../http/access';
import { parseBody, passwordField, requiredString } from '../../http/validation';
import type { AppModule } from '../../services';
import { changePassword, getProfile, updateProfile } from './service';

const profileBody = z.object({ fullName: requiredString().optional() });

const changePasswordBody = z
  .object({
    password: passwordField(),
    newPassword: passwordField(),
    confirmNewPassword: passwordField(),
  })
  .refine((body) => body.newPassword === body.confirmNewPassword, {
    message: 'Passwords do not match',
    path: ['confirmNewPassword'],
  });

export const usersModule: AppModule = {
  name: 'users',
  register(app, { db, passwords, tokens, realtime }) {
    const userRoute = { config: { access: 'user' as const } };

    app.get('/api/user/profile', userRoute, async (request) => getProfile(db, requireAuth(request).userId));

    app.put('/api/user/profile', userRoute, async (request) => {
      const { userId } = requireAuth(request);
      const { fullName } = parseBody(profileBody, request.body);
      await updateProfile(db, userId, fullName === undefined ? {} : { fullName });
      return getProfile(db, userId);
    });

    app.post('/api/user/change-password', userRoute, async (request) => {
      const { userId } = requireAuth(request);
      const body = parseBody(changePasswordBody, request.body);
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
    });
  },
};
