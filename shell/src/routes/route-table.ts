import pageRoutes from './page-routes.json';

/** Who may open a route: anyone, only signed-in users, or only owners (docs/product-rules.md#routes). */
export type RouteAccess = 'public' | 'user' | 'owner';

export interface PageRoute {
  path: string;
  /** Federation id of the exposed parcel: `<remote>/<Page>`. */
  module: string;
  access: RouteAccess;
  /** Public pages without the side menu. */
  bare?: boolean;
  /**
   * The shell's lazy chunk groups (dist/chunk-groups.json) the page asks for before it paints, preloaded from
   * index.html (server/src/hosting/route-preload.ts): `phone-formats` where its parcel waits for phoneFormatReady.
   */
  preload?: string[];
}

// The data lives in JSON so the deploy guard can read, from the built shell, which pages it routes to.
export const PAGE_ROUTES = pageRoutes as PageRoute[];
