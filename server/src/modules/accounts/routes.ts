/** PUT /api/account (owner): renames the caller's account. */
import { z } from 'zod';
import { requireAuth } from '../../http/access';
import { parseBody, requiredString } from '../../http/validation';
import type { AppModule } from '../../services';
import { renameAccount } from './service';

const accountBody = z.object({ name: requiredString() });

export const accountsModule: AppModule = {
  name: 'accounts',
  register(app, { db }) {
    app.put('/api/account', { config: { access: 'owner' } }, async (request) => {
      const { accountId } = requireAuth(request);
      const { name } = parseBody(accountBody, request.body);
      return renameAccount(db, accountId, name);
    });
  },
};
