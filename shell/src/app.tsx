import { DocumentTheme, ParleyThemeProvider } from '@parley/shared';
import { useCallback, useMemo } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { loadParcel } from './federation/load-remote-module';
import { AppLayout } from './layout/app-layout';
import { useDocumentTitle } from './layout/document-title';
import { useRealtimeConnection } from './realtime/use-realtime-connection';
import { Guard } from './routes/guards';
import { NotFound } from './routes/not-found';
import { OutletErrorBoundary } from './routes/outlet-error-boundary';
import { RemoteOutlet } from './routes/remote-outlet';
import { PAGE_ROUTES, type PageRoute } from './routes/route-table';

function RoutedPage({ route, load }: { route: PageRoute; load: typeof loadParcel }) {
  const navigate = useNavigate();
  const params = useParams();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const go = useCallback((to: string, options?: { replace?: boolean }) => navigate(to, options), [navigate]);
  // Keyed by value: a new params object with the same content must not re-render the parcel.
  const paramsKey = JSON.stringify(params);
  const pageProps = useMemo(
    () => ({ navigate: go, params: JSON.parse(paramsKey) as Record<string, string>, search: location.search, from }),
    [go, paramsKey, location.search, from],
  );
  const outlet = (
    <OutletErrorBoundary key={route.module} module={route.module}>
      <RemoteOutlet module={route.module} load={load} pageProps={pageProps} />
    </OutletErrorBoundary>
  );
  return <Guard access={route.access}>{route.bare ? outlet : <AppLayout>{outlet}</AppLayout>}</Guard>;
}

export function AppRoutes({ load = loadParcel }: { load?: typeof loadParcel }) {
  useRealtimeConnection();
  useDocumentTitle();
  return (
    <Routes>
      {PAGE_ROUTES.map((route) => (
        <Route key={route.path} path={route.path} element={<RoutedPage route={route} load={load} />} />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export function App() {
  return (
    <ParleyThemeProvider>
      <DocumentTheme />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ParleyThemeProvider>
  );
}
