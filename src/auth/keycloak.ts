// The one keycloak-js instance. It is created and initialised once, before React renders
// (an effect would run twice under StrictMode), and it keeps every token in memory.
import Keycloak, { type KeycloakTokenParsed } from 'keycloak-js';
import { MESSAGE_RECEIVE_TIMEOUT_MS, TOKEN_MIN_VALIDITY_SECONDS } from '../config/constants';
import { publicPaths } from '@common/paths';
import type { RuntimeConfig } from '../config/runtimeConfig';
import { authActions, sessionFromToken, type TokenClaims } from './authSlice';
import { setAuthClient, type AuthClient } from '../api/authClient';
import { singleFlightRefresh } from './singleFlightRefresh';

type Dispatch = (action: { type: string; payload?: unknown }) => unknown;

function currentLocalPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function sessionOf(keycloak: Keycloak) {
  return sessionFromToken(
    keycloak.token ?? '',
    (keycloak.tokenParsed ?? {}) as KeycloakTokenParsed & TokenClaims,
    keycloak.refreshToken,
    keycloak.idToken,
  );
}

export function createKeycloakClient(keycloak: Keycloak, identity: RuntimeConfig['identity']): AuthClient {
  const origin = window.location.origin;
  // Every refresh of this tab goes through here (requests, their 401 retries, token expiry).
  const updateToken = singleFlightRefresh((minValidity) => keycloak.updateToken(minValidity));
  return {
    isAuthenticated: () => keycloak.authenticated === true,
    token: () => keycloak.token,
    updateToken,
    login: (returnPath) => keycloak.login({ redirectUri: `${origin}${returnPath ?? publicPaths.login}` }),
    register: () => keycloak.register({ redirectUri: `${origin}${publicPaths.login}` }),
    logout: () => keycloak.logout({ redirectUri: `${origin}${publicPaths.landing}`, logoutMethod: 'POST' }),
    resetPasswordUrl: () => {
      const url = new URL(`${identity.url}/realms/${encodeURIComponent(identity.realm)}/login-actions/reset-credentials`);
      url.searchParams.set('client_id', identity.clientId);
      url.searchParams.set('redirect_uri', `${origin}${publicPaths.login}`);
      return url.toString();
    },
  };
}

/**
 * Creates the keycloak instance, wires its lifecycle into the store and runs the silent
 * single sign-on check. It never throws: an unreachable identity service becomes an auth
 * error the pages can show, and public pages keep working.
 */
export async function initAuth(identity: RuntimeConfig['identity'], dispatch: Dispatch): Promise<AuthClient> {
  const keycloak = new Keycloak({ url: identity.url, realm: identity.realm, clientId: identity.clientId });
  const client = createKeycloakClient(keycloak, identity);
  setAuthClient(client);

  const publishSession = () => dispatch(authActions.signedIn(sessionOf(keycloak)));

  keycloak.onTokenExpired = () => {
    // A failure reaches onAuthRefreshError (or onAuthLogout on a 400), which handle it.
    client.updateToken(TOKEN_MIN_VALIDITY_SECONDS).catch(() => undefined);
  };
  keycloak.onAuthRefreshSuccess = publishSession;
  keycloak.onAuthRefreshError = () => {
    console.info('[auth] token refresh failed; signing in again');
    void client.login(currentLocalPath());
  };
  keycloak.onAuthLogout = () => {
    // The identity server refused the refresh token (400): the session is gone.
    console.info('[auth] session ended by the identity service');
    dispatch(authActions.signedOut());
    void client.login(currentLocalPath());
  };
  keycloak.onAuthError = (error) => console.warn('[auth] sign-in error', error);

  try {
    const authenticated = await keycloak.init({
      onLoad: 'check-sso',
      silentCheckSsoRedirectUri: `${window.location.origin}/silent-check-sso.html`,
      checkLoginIframe: false,
      pkceMethod: 'S256',
      flow: 'standard',
      responseMode: 'fragment',
      messageReceiveTimeout: MESSAGE_RECEIVE_TIMEOUT_MS,
    });
    if (!authenticated) {
      dispatch(authActions.signedOut());
      return client;
    }
    publishSession();
    // Profile and user info are nice to have; the portal works without them.
    void Promise.allSettled([keycloak.loadUserProfile(), keycloak.loadUserInfo()]).then(([profile, userInfo]) => {
      dispatch(
        authActions.profileLoaded({
          profile: profile.status === 'fulfilled' ? profile.value : undefined,
          userInfo: userInfo.status === 'fulfilled' ? (userInfo.value as Record<string, unknown>) : undefined,
        }),
      );
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    console.error('[auth] could not check sign-in', error);
    dispatch(authActions.authFailed(`The sign-in service at ${identity.url} did not answer (${reason}).`));
  }
  return client;
}
