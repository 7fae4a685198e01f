import { mountStandalone } from '@parley/shared';

// mountStandalone types its pages as single-spa's ParcelConfig<CustomProps>, which a parcel typed with PageProps
// does not satisfy; the shape is the same at run time.
type PageModule = Awaited<ReturnType<Parameters<typeof mountStandalone>[0][string]>>;

mountStandalone({
  '/contacts': () => import('./expose/contacts') as unknown as Promise<PageModule>,
  '/assets': () => import('./expose/assets') as unknown as Promise<PageModule>,
  '/forms': () => import('./expose/forms') as unknown as Promise<PageModule>,
});
