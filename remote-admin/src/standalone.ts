import { mountStandalone } from '@parley/shared';

mountStandalone({
  '/users': () => import('./expose/users'),
  '/credential': () => import('./expose/credentials'),
  '/profile': () => import('./expose/profile'),
});
