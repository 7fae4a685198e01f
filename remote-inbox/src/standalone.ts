import { mountStandalone } from '@parley/shared';

// mountStandalone types its pages as single-spa's ParcelConfig<CustomProps>, which a parcel typed with PageProps
// does not satisfy; the shape is the same at run time.
type PageModule = Awaited<ReturnType<Parameters<typeof mountStandalone>[0][string]>>;

mountStandalone({
  '/main': () => import('./expose/dashboard') as unknown as Promise<PageModule>,
});
