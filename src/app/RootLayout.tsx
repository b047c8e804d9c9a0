import { useEffect } from 'react';
import { Outlet, useMatches, useNavigate, useLocation } from 'react-router-dom';
import { identifySignedInUser, trackPageView } from '../analytics/trackEvents';
import { selectSession } from '../auth/authSlice';
import { PRODUCT_NAME, TITLE_SEPARATOR } from '../config/constants';
import { publicPaths } from '../config/paths';
import { NavigationProgress } from '../layout/progress/LoadingIndicator';
import { useAppSelector } from './hooks';
import type { RouteHandle } from './router';

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** "<page> | Dataworks" from the deepest route that names its page. */
function useDocumentTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().map((match) => match.handle).find(isRouteHandle)?.title;
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

/** Analytics: identify the person once signed in, and a page view on every route change. */
function useAnalytics() {
  const session = useAppSelector(selectSession);
  const { pathname, search, hash } = useLocation();
  const subject = session?.tokenParsed.sub;
  useEffect(() => {
    if (session) identifySignedInUser(session);
    // Token refreshes replace the session object; only a different person is a new sign-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subject]);
  useEffect(() => {
    trackPageView({ pathname, search, hash }, session);
    // A token refresh is not a page view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, search, hash, subject]);
}

export function RootLayout() {
  useDocumentTitle();
  useOfflinePage();
  useAnalytics();
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}
