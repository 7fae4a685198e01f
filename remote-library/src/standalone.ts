import { mountStandalone } from '@parley/shared';

mountStandalone({
  '/contacts': () => import('./expose/contacts'),
  '/assets': () => import('./expose/assets'),
  '/forms': () => import('./expose/forms'),
  '/saved-replies': () => import('./expose/saved-replies'),
  '/labels': () => import('./expose/labels'),
});
