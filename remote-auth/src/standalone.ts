import { mountStandalone } from '@parley/shared';

mountStandalone({
  '/login': () => import('./expose/login'),
  '/forgot-password': () => import('./expose/forgot-password'),
  '/signup': () => import('./expose/sign-up'),
  '/verify': () => import('./expose/verify'),
  '/terms-of-service': () => import('./expose/terms-of-service'),
});
