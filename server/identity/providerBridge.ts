// oidc-provider is a Koa app mounted below the realm path of a plain node:http server. This is
// the seam between the two: requests go in with the URL it expects, and every answer it gives
// passes one middleware that puts back what the realm needs (CSP, our CORS, token fields).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { KoaContext } from 'oidc-provider';
import { replaceProviderCors } from './cors.js';
import { setPageCsp } from './providerPages.js';
import { HTML_ROUTES } from './realmPaths.js';

/** Hands a request to oidc-provider as if it had asked for `relativeUrl` below the realm. */
export type PassToProvider = (req: IncomingMessage, res: ServerResponse, relativeUrl: string) => Promise<void>;

export interface ResponseShaping {
  webOrigins: readonly string[];
  /** Runs after oidc-provider answered, outside the header clean-up. */
  shapeTokenResponse(ctx: KoaContext): Promise<void>;
}

/** Must run before mountProvider: Koa fixes its middleware list when the callback is made. */
export function shapeProviderResponses(provider: Provider, { webOrigins, shapeTokenResponse }: ResponseShaping): void {
  provider.use(async (ctx, next) => {
    const isHtmlRoute = HTML_ROUTES.some((route) => ctx.path === route || ctx.path.startsWith(`${route}/`));
    if (isHtmlRoute) setPageCsp(ctx);
    try {
      await next();
    } finally {
      replaceProviderCors(ctx, webOrigins);
      if (!isHtmlRoute && ctx.type !== 'text/html') ctx.remove('Content-Security-Policy');
    }
    await shapeTokenResponse(ctx);
  });
}

export function mountProvider(provider: Provider, prefix: string): PassToProvider {
  const providerCallback = provider.callback();
  return (req, res, relativeUrl) => {
    const request = req as IncomingMessage & { originalUrl?: string };
    request.originalUrl = `${prefix}${relativeUrl}`;
    request.url = relativeUrl;
    return providerCallback(request, res);
  };
}
