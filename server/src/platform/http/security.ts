// Security headers for everything the portal serves, and a strict Content-Security-Policy:
// no inline scripts or styles; scripts from the portal itself (plus a configured
// web-analytics script); connections to the portal, the identity server, the API and the
// analytics host only; frames from the identity server (silent sign-in) and from the
// organisations' configured dashboard hosts only.
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Mixpanel's default endpoint, used when a token is set without an api host. */
const MIXPANEL_DEFAULT_HOST = 'https://api-js.mixpanel.com';

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

const present = (values: (string | null | undefined)[]): string[] => [
  ...new Set(values.filter((value): value is string => Boolean(value))),
];

/** The settings the headers depend on (the portal's settings, server/src/config.ts, hold them). */
export interface SecuritySettings {
  identity: { url: string };
  apiBaseUrl: string;
  apiCorsOrigins: string[];
  analytics: { token: string; apiHost: string; webAnalyticsUrl: string };
  chatbotUrl: string;
}

export function contentSecurityDirectives(config: SecuritySettings, dashboardOrigins: () => readonly string[]) {
  const identity = originOf(config.identity.url);
  const api = config.apiBaseUrl === '/' ? null : originOf(config.apiBaseUrl);
  const analytics = config.analytics.token ? originOf(config.analytics.apiHost || MIXPANEL_DEFAULT_HOST) : null;
  const webAnalytics = config.analytics.webAnalyticsUrl ? originOf(config.analytics.webAnalyticsUrl) : null;
  // A vendor chatbot (CHATBOT_URL) replaces the built-in help assistant: its script, calls and frames.
  const chatbot = config.chatbotUrl ? originOf(config.chatbotUrl) : null;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: present(["'self'", webAnalytics, chatbot]),
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: present(["'self'", identity, api, analytics, webAnalytics, chatbot]),
    // The identity server's silent sign-in frames, and the organisations' dashboards.
    frameSrc: ["'self'", ...present([identity, chatbot]), () => dashboardOrigins().join(' ')],
    // Sign-out is a form POST to the identity server.
    formAction: present(["'self'", identity]),
    frameAncestors: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
  };
}

/**
 * The API answers JSON only, never a document: it needs no policy for scripts, frames or styles,
 * only to be never cached, sniffed, framed or referred from (OWASP's REST headers). One fixed set,
 * written as is; helmet's per-request work (a policy rebuilt for every response) is for documents.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

export async function registerSecurity(
  app: FastifyInstance,
  config: SecuritySettings,
  dashboardOrigins: () => readonly string[],
): Promise<void> {
  // Before helmet registers: its hooks are added route by route, and skip routes marked so.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/')) route.helmet = false;
  });
  // First of all hooks, so refusals (401, 404) carry the headers too.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) reply.headers(API_HEADERS);
    done();
  });
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config, dashboardOrigins) },
    // Dashboards from other hosts must be embeddable in the viewer.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  if (config.apiCorsOrigins.length > 0) {
    // Only when the API is served apart from the portal; same-origin needs no CORS.
    await app.register(cors, {
      origin: config.apiCorsOrigins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      maxAge: 600,
    });
  }
}
