// The portal's analytics events with their exact payloads (docs/shell-rules.md, "API calls and analytics").
import type { Session } from '../auth/authSlice';
import { track, identify, setPeople } from './analytics';
import { ANALYTICS_EVENTS } from './events';

export function trackNavigationBarOpened(path: string): boolean {
  return track(ANALYTICS_EVENTS.navigationBarOpened, { path });
}

export function trackMenuItemClicked(title: string, url: string): boolean {
  return track(ANALYTICS_EVENTS.menuItemClicked, { title, url });
}

interface PageLocation {
  pathname: string;
  search: string;
  hash: string;
}

export function trackPageView(location: PageLocation, session: Session | null): boolean {
  return track(ANALYTICS_EVENTS.pageView, {
    path: location.pathname,
    search: location.search,
    hash: location.hash,
    userId: session?.tokenParsed.sub ?? null,
    roles: session?.realmRoles ?? [],
  });
}

/** On sign-in: the person is known by their token subject, with name, email and realm roles. */
export function identifySignedInUser(session: Session): void {
  const { sub, name, preferred_username: username, email } = session.tokenParsed;
  if (!sub) return;
  identify(sub);
  setPeople({ $name: name ?? username ?? '', $email: email ?? '', roles: session.realmRoles });
}
