/** PUT /api/account (owner): renames the caller's account. */
import { account, accountBody } from '@parley/contract';
import { requireAuth } from '../../http/access';
import { refusals, typed } from '../../http/api-reference';
import type { AppModule } from '../../services';
import { renameAccount } from './service';

export const accountsModule: AppModule = {
  name: 'accounts',
  register(app, { db }) {
    typed(app).put(
      '/api/account',
      {
        config: { access: 'owner' },
        schema: {
          tags: ['Account'],
          summary: "Rename the caller's account",
          body: accountBody,
          response: { 200: account, ...refusals },
        },
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        return renameAccount(db, accountId, request.body.name);
      },
    );
  },
};
