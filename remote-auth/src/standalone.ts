import { mountStandalone } from '@parley/shared';

// mountStandalone types its pages as single-spa's ParcelConfig<CustomProps>, which a parcel typed with PageProps
// does not satisfy; the shape is the same at run time.
type PageModule = Awaited<ReturnType<Parameters<typeof mountStandalone>[0][string]>>;
const page = (load: () => Promise<unknown>) => load as () => Promise<PageModule>;

mountStandalone({
  '/login': page(() => import('./expose/login')),
  '/forgot-password': page(() => import('./expose/forgot-password')),
  '/signup': page(() => import('./expose/sign-up')),
  '/verify': page(() => import('./expose/verify')),
  '/terms-of-service': page(() => import('./expose/terms-of-service')),
});
