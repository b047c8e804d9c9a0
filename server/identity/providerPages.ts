// The HTML oidc-provider renders itself (error pages, RP-initiated logout), worded and behaving
// like Keycloak's, under the same CSP as the server's own pages.
import type Provider from 'oidc-provider';
import type { ErrorOut, KoaContext } from 'oidc-provider';
import { revokeGrant } from './grants.js';
import type { Logger } from './log.js';
import { errorPage, logoutConfirmPage, messagePage, pageCsp } from './pages.js';
import { asString } from './scalars.js';

type CookieOptions = Parameters<KoaContext['cookies']['set']>[2];

export interface LogoutDeps {
  provider: Provider;
  log: Logger;
  /** Options the session cookie was set with; clearing it needs the same path. */
  sessionCookie: CookieOptions;
  /** Told when a member signs themselves out here (for the sign-in event log). */
  onSignedOut?: (ctx: KoaContext, session: { uid?: string; accountId?: string }) => void;
}

export function setPageCsp(ctx: KoaContext): void {
  ctx.set('Content-Security-Policy', pageCsp({ scriptHashes: ["'self'"] }));
}

function errorMessage(out: ErrorOut, error: Error): string {
  const expose = (error as { expose?: unknown }).expose === true;
  if (!expose || out.error === 'server_error') return 'An unexpected error occurred. Please try again later.';
  switch (out.error) {
    case 'invalid_redirect_uri':
      return 'Invalid parameter: redirect_uri';
    case 'invalid_client':
      return 'Client not found.';
    case 'invalid_session':
    case 'session_not_found':
      return 'Your sign-in attempt has expired or was opened in another browser. Go back to the application and sign in again.';
    default:
      return out.error_description ? `${out.error_description} (${out.error})` : out.error;
  }
}

export async function renderProviderError(ctx: KoaContext, out: ErrorOut, error: Error): Promise<void> {
  setPageCsp(ctx);
  ctx.type = 'html';
  ctx.body = errorPage(errorMessage(out, error));
}

export async function renderLogoutSource(ctx: KoaContext, form: string, deps: LogoutDeps): Promise<void> {
  const { provider, log, sessionCookie } = deps;
  const hint = ctx.oidc.entities.IdTokenHint;
  const session = ctx.oidc.session;
  if (hint && session?.accountId && hint.payload.sub === session.accountId) {
    // A valid id_token_hint of the signed-in user: sign out without asking (Keycloak).
    for (const authorization of Object.values(session.authorizations ?? {})) {
      if (authorization.grantId) await revokeGrant(provider, authorization.grantId);
    }
    await session.destroy();
    ctx.cookies.set(provider.cookieName('session'), null, sessionCookie);
    deps.onSignedOut?.(ctx, { uid: session.uid, accountId: session.accountId });
    const params = ctx.oidc.params ?? {};
    const postLogout = asString(params.post_logout_redirect_uri);
    let target: string;
    if (postLogout) {
      const url = new URL(postLogout);
      if (asString(params.state)) url.searchParams.set('state', asString(params.state));
      target = url.href;
    } else {
      target = ctx.oidc.urlFor('end_session_success');
    }
    log('info', 'signed out', { accountId: hint.payload.sub });
    ctx.status = 303;
    ctx.redirect(target);
    return;
  }
  setPageCsp(ctx);
  ctx.type = 'html';
  ctx.body = logoutConfirmPage(form, ctx.host);
}

export async function renderPostLogoutSuccess(ctx: KoaContext): Promise<void> {
  setPageCsp(ctx);
  ctx.type = 'html';
  ctx.body = messagePage({ title: 'Signed out', message: 'You have been signed out.', tone: 'success' });
}
