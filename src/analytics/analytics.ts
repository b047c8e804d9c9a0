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
  const replay = settings.sessionReplayPercent > 0;
  // The core build unless session replay is on: the package's default build also bundles the
  // session recorder, three times the size, so it is fetched only by portals that record.
  const library = replay
    ? import(/* webpackChunkName: "analytics-replay" */ 'mixpanel-browser')
    : import(/* webpackChunkName: "analytics" */ 'mixpanel-browser/dist/mixpanel-core.cjs.js');
  client = library
    .then(({ default: mixpanel }) => {
      mixpanel.init(settings.token, {
        persistence: 'localStorage',
        batch_requests: true,
        batch_size: ANALYTICS.batchSize,
        batch_flush_interval_ms: ANALYTICS.batchFlushIntervalMs,
        ignore_dnt: true,
        debug: settings.debug,
        ...(settings.apiHost ? { api_host: settings.apiHost } : {}),
        ...(replay ? sessionReplayOptions(settings.sessionReplayPercent) : {}),
      });
      return mixpanel;
    })
    .catch((error: unknown) => {
      console.error('[analytics] could not start', error);
      return null;
    });
  return client.then(() => undefined);
}

/**
 * Session replay, as the library records it (its own defaults: events sent in batches of 1,000
 * every 10 s; mouse moves sampled every 50 ms, scrolls 100 ms, resizes 200 ms, media 500 ms).
 * Every input is masked, and so is any element marked private (`data-private`), its text
 * replaced before it leaves the browser; images, video and audio are not recorded.
 */
export function sessionReplayOptions(percent: number) {
  return {
    record_sessions_percent: percent,
    record_mask_all_inputs: true,
    record_mask_all_text: false,
    record_mask_text_selector: PRIVATE_SELECTOR,
    record_block_selector: `img, video, audio, ${PRIVATE_SELECTOR} img`,
  };
}

/** What marks an element as private for session replay. */
export const PRIVATE_SELECTOR = '[data-private]';

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
