import { useEffect } from 'react';
import { Outlet, useMatches, useNavigate, useLocation } from 'react-router-dom';
import { PRODUCT_NAME, TITLE_SEPARATOR } from '../config/constants';
import { publicPaths } from '@common/paths';
import { NavigationProgress } from '../layout/progress/LoadingIndicator';
import type { RouteHandle } from './routeHandle';

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** "<page> | Dataworks" from the deepest route that names its page. */
function useDocumentTitle() {
  const matches = useMatches();
  const title = [...matches]
    .reverse()
    .map((match) => match.handle)
    .find(isRouteHandle)?.title;
  useEffect(() => {
    document.title = title ? `${title}${TITLE_SEPARATOR}${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}

/** Going offline shows the offline page on its own; it returns to the page once back online. */
function useOfflinePage() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const goOffline = () => {
      if (location.pathname === publicPaths.offline) return;
      const from = `${location.pathname}${location.search}`;
      navigate(`${publicPaths.offline}?from=${encodeURIComponent(from)}`);
    };
    window.addEventListener('offline', goOffline);
    return () => window.removeEventListener('offline', goOffline);
  }, [navigate, location.pathname, location.search]);
}

export function RootLayout() {
  useDocumentTitle();
  useOfflinePage();
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}
