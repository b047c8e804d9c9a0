// The signed-in shell as a route: the layout, plus what happens once per signed-in visit
// (the menu's dashboards load) and on every page (the recent-pages list).
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { selectSession } from '../auth/authSlice';
import MainLayout from '../layout/MainLayout';
import { recordRecentPage, shortcutPath } from '../layout/recentPages';
import { loadDashboards } from '../menu/loadDashboards';
import { useAppDispatch, useAppSelector } from './hooks';
import type { RouteHandle } from './router';

export { connectSignedInServices } from './signedInServices';

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

export default function SignedInShell() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(loadDashboards());
  }, [dispatch]);
  useRecentPages();
  return <MainLayout />;
}
