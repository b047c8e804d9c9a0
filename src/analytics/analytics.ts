// The product-analytics wrapper (docs/shell-rules.md, "API calls and analytics"). mixpanel-browser is fetched as its own
// chunk and only when a project token is configured; without one every call is a no-op
// (or a console line in debug mode). No call here ever throws into the app.
import type { Dict, OverridedMixpanel } from 'mixpanel-browser';
import { ANALYTICS } from '../config/constants';
import type { RuntimeConfig } from '../config/runtimeConfig';

type AnalyticsSettings = RuntimeConfig['analytics'];
export type EventProperties = Dict;

let client: Promise<OverridedMixpanel | null> = Promise.resolve(null);
let debugWithoutToken = false;

/** Starts analytics when a token is configured. Resolves once the library is ready (or not used). */
export function initAnalytics(settings: AnalyticsSettings): Promise<void> {
  debugWithoutToken = settings.debug && !settings.token;
  if (!settings.token) {
    client = Promise.resolve(null);
    return client.then(() => undefined);
  }
  // The core build: the package's default build also bundles the session recorder, three
  // times the size, which the portal does not use.
  client = import(/* webpackChunkName: "analytics" */ 'mixpanel-browser/dist/mixpanel-core.cjs.js')
    .then(({ default: mixpanel }) => {
      mixpanel.init(settings.token, {
        persistence: 'localStorage',
        batch_requests: true,
        batch_size: ANALYTICS.batchSize,
        batch_flush_interval_ms: ANALYTICS.batchFlushIntervalMs,
        ignore_dnt: true,
        debug: settings.debug,
        ...(settings.apiHost ? { api_host: settings.apiHost } : {}),
      });
      return mixpanel;
    })
    .catch((error: unknown) => {
      console.error('[analytics] could not start', error);
      return null;
    });
  return client.then(() => undefined);
}

/** Runs a library call once it is loaded; its errors are logged and swallowed. */
function whenReady(what: string, call: (mixpanel: OverridedMixpanel) => void): void {
  void client.then((mixpanel) => {
    if (!mixpanel) return;
    try {
      call(mixpanel);
    } catch (error) {
      console.error(`[analytics] ${what} failed`, error);
    }
  });
}

function isNonEmptyObject(value: unknown): value is EventProperties {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0;
}

/**
 * Sends an event. An empty name or empty properties are refused with a console error and
 * nothing is sent. Returns whether the event was accepted.
 */
export function track(eventName: string, properties: EventProperties): boolean {
  if (typeof eventName !== 'string' || eventName.trim() === '') {
    console.error('[analytics] event not sent: the event name is empty');
    return false;
  }
  if (!isNonEmptyObject(properties)) {
    console.error(`[analytics] event "${eventName}" not sent: it needs a non-empty properties object`);
    return false;
  }
  if (debugWithoutToken) console.debug('[analytics]', eventName, properties);
  whenReady('track', (mixpanel) => mixpanel.track(eventName, properties));
  return true;
}

export function identify(userId: string): void {
  if (!userId) return;
  whenReady('identify', (mixpanel) => mixpanel.identify(userId));
}

export function alias(newId: string, original?: string): void {
  if (!newId) return;
  whenReady('alias', (mixpanel) => mixpanel.alias(newId, original));
}

export function setPeople(properties: EventProperties): void {
  whenReady('people.set', (mixpanel) => mixpanel.people.set(properties));
}

/** The web-analytics script, added once and only when its URL is configured. */
export function loadWebAnalytics(url: string): void {
  if (!url || document.querySelector('script[data-web-analytics]')) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = url;
  script.dataset.webAnalytics = '';
  document.head.appendChild(script);
}
