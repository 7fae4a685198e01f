import { mountStandalone } from '@parley/shared';

mountStandalone({
  '/main': () => import('./expose/dashboard'),
});
