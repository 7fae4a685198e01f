import { useStore } from '@nanostores/react';
import { $isAuthenticated, $isOwner } from '@parley/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { RouteAccess } from './route-table';

/**
 * docs/product-rules.md#routes: an unauthenticated visitor to a guarded route goes to /login, remembering where they came
 * from; a non-owner on an owner route goes to /main. The server enforces the same rules on every call.
 */
export function Guard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const isAuthenticated = useStore($isAuthenticated);
  const isOwner = useStore($isOwner);
  const location = useLocation();
  if (access === 'public') return <>{children}</>;
  if (!isAuthenticated) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  if (access === 'owner' && !isOwner) return <Navigate to="/main" replace />;
  return <>{children}</>;
}
