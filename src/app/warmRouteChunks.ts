// A signed-in page needs the shell's chunk and its own screen's chunk, but the router asks for
// them only once sign-in has been checked (config, the identity server's silent check, the
// token: a few round trips). Asking for both while those run takes the chunks off that path; the
// router's own request later finds them loaded. Chunks are public files, so nothing is revealed
// by loading one before access is judged (the route's guard still decides what renders).
import { matchPath } from 'react-router-dom';
import { appPaths, appScreens } from './routeTable';

export function warmRouteChunks(pathname: string): void {
  if (!matchPath({ path: '/app', end: false }, pathname)) return;
  // The same chunk the router's /app route loads (router.tsx); a failure there is reported when the router loads it.
  void import(/* webpackChunkName: "shell" */ './SignedInShell').catch(() => undefined);
  const screen = appScreens.find(({ id }) => matchPath(appPaths[id], pathname));
  void screen?.lazy().catch(() => undefined);
}
