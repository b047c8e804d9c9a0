// The signed-in shell as a route: the layout, plus what happens once per signed-in visit
// (the menu's dashboards load, analytics learns who this is) and on every page (a page view,
// the recent-pages list).
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { identifySignedInUser, trackPageView } from '../analytics/trackEvents';
import { selectSession } from '../auth/authSlice';
import MainLayout from '../layout/MainLayout';
import { useRestoreSavedLayout } from '../layout/useRestoreSavedLayout';
import { recordRecentPage, shortcutPath } from '../layout/recentPages';
import { useAppSelector } from '../state/hooks';
import type { RouteHandle } from './routeHandle';

export { connectSignedInServices } from './signedInServices';
export { prefetchMenu } from '../menu/prefetchMenu';

function useRecentPages() {
  const subject = useAppSelector(selectSession)?.tokenParsed.sub;
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const page = matches[matches.length - 1];
  // A viewer page is named after its dashboard, not "Viewer".
  const title = page?.params.dashboardName ?? (page?.handle as RouteHandle | undefined)?.title;

  useEffect(() => {
    if (!subject || !title) return;
    const path = shortcutPath(pathname, search);
    if (path) recordRecentPage(subject, { path, title });
  }, [subject, pathname, search, title]);
}

/**
 * Identify the person once, then a page view on every route change. Pages of the portal only:
 * the public pages a signed-in user passes through (the sign-in return) are hops, not views.
 */
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

export default function SignedInShell() {
  useRestoreSavedLayout();
  useAnalytics();
  useRecentPages();
  return <MainLayout />;
}
