// Route guards as loaders: they decide before a screen renders, and they read the same
// access table as the menu and the API.
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { canOpen, defaultPathFor } from '@common/access/access';
import type { AuthState } from '../auth/authSlice';
import { appPaths, catalogAssetPath, publicPaths, type AppRouteId } from '@common/paths';
import { leaveArrivalNotice } from '../layout/arrivalNotice';

export class SignInUnavailableError extends Error {
  override name = 'SignInUnavailableError';
}

type GetAuth = () => AuthState;

function rolesOf(auth: AuthState): string[] {
  return auth.session?.realmRoles ?? [];
}

/** Signed-out visitors go to sign-in, which remembers the page they wanted. */
export function requireSignIn(getAuth: GetAuth) {
  return ({ request }: LoaderFunctionArgs) => {
    const auth = getAuth();
    if (auth.status === 'authenticated') return null;
    if (auth.status === 'error') throw new SignInUnavailableError(auth.error ?? 'The sign-in service is unavailable.');
    const url = new URL(request.url);
    const next = `${url.pathname}${url.search}`;
    return redirect(`${publicPaths.login}?next=${encodeURIComponent(next)}`);
  };
}

const requestedPath = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

/** Pages that show the same thing to people who may not open the first one. */
const standIns: Partial<Record<AppRouteId, (params: LoaderFunctionArgs['params']) => { routeId: AppRouteId; path: string } | null>> = {
  exposure: (params) => (params.exposureId ? { routeId: 'catalogAsset', path: catalogAssetPath(params.exposureId) } : null),
};

/**
 * A page the user may not open sends them to their default page (which they can always open),
 * and that page says why. Parent and child loaders run in parallel, so this one checks sign-in
 * itself: otherwise a signed-out visit would be redirected for lack of roles and the wanted
 * page forgotten.
 */
export function requireAccess(getAuth: GetAuth, routeId: AppRouteId, title?: string) {
  const signIn = requireSignIn(getAuth);
  return (args: LoaderFunctionArgs) => {
    const auth = getAuth();
    if (auth.status !== 'authenticated') return signIn(args);
    const roles = rolesOf(auth);
    if (canOpen(roles, routeId)) return null;
    // A page with a stand-in the user may open (an exposure's Consume page → its catalog page, as
    // the Lite edition's lineage links lead there) goes there instead, without a notice.
    const standIn = standIns[routeId]?.(args.params);
    if (standIn && canOpen(roles, standIn.routeId)) return redirect(standIn.path);
    const target = defaultPathFor(roles);
    // The no-access page says itself why there is nothing to open: no second notice above it.
    if (target !== appPaths.noAccess)
      leaveArrivalNotice({ kind: 'no-access', requested: requestedPath(args.request), title, shownAt: target });
    return redirect(target);
  };
}

/**
 * An address inside the app that matches no page: the default page, saying there is no such
 * page. Signed out, sign-in comes first (as for any page of the app); it then brings the user
 * back here, and so to their default page with that notice.
 */
export function redirectUnknown(getAuth: GetAuth) {
  const toDefault = redirectToDefault(getAuth);
  const signIn = requireSignIn(getAuth);
  return (args: LoaderFunctionArgs) => {
    const auth = getAuth();
    if (auth.status !== 'authenticated') return signIn(args);
    leaveArrivalNotice({ kind: 'no-such-page', requested: requestedPath(args.request), shownAt: defaultPathFor(rolesOf(auth)) });
    return toDefault();
  };
}

export function redirectToDefault(getAuth: GetAuth) {
  return () => {
    const auth = getAuth();
    if (auth.status === 'error') throw new SignInUnavailableError(auth.error ?? 'The sign-in service is unavailable.');
    if (auth.status !== 'authenticated') return redirect(publicPaths.landing);
    return redirect(defaultPathFor(rolesOf(auth)));
  };
}
