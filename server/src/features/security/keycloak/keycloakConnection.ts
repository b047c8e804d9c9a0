// One authenticated connection to a Keycloak realm's admin REST API, as a service account
// (client credentials). Keycloak gives service accounts no refresh token, so a new access token
// is fetched whenever the current one is about to expire; concurrent calls share one fetch.
import KeycloakAdminClient, { NetworkError } from '@keycloak/keycloak-admin-client';
import {
  IdentityConflictError,
  IdentityInvalidError,
  IdentityNotFoundError,
  IdentityUnavailableError,
  type IdentityError,
} from '../identityService.js';

export interface KeycloakSettings {
  /** Keycloak's base URL, e.g. https://sso.example.com (no /realms/… suffix). */
  url: string;
  realm: string;
  /** A confidential client with a service account holding the realm-management roles it needs. */
  clientId: string;
  clientSecret: string;
  /** Per-request time-out (ms). */
  timeoutMs: number;
}

export function connectToKeycloak(settings: KeycloakSettings): KeycloakAdminClient {
  const client = new KeycloakAdminClient({ baseUrl: settings.url, realmName: settings.realm, timeout: settings.timeoutMs });
  const tokens = new KeycloakAdminClient({ baseUrl: settings.url, realmName: settings.realm, timeout: settings.timeoutMs });
  let fetching: Promise<void> | null = null;
  client.registerTokenProvider({
    getAccessToken: async () => {
      if (!tokens.accessToken || tokens.isTokenExpired()) {
        fetching ??= tokens
          .auth({ grantType: 'client_credentials', clientId: settings.clientId, clientSecret: settings.clientSecret })
          .catch((error: unknown) => {
            throw translateKeycloakError(error, 'organisation', settings.realm, 'sign in to Keycloak as the service account');
          })
          .finally(() => {
            fetching = null;
          });
        await fetching;
      }
      return tokens.accessToken;
    },
  });
  return client;
}

/** Keycloak's own words for a refusal, when it gave any (`errorMessage` or `error_description`). */
function keycloakMessage(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  for (const key of ['errorMessage', 'error_description', 'error']) {
    if (typeof record[key] === 'string' && record[key]) return record[key];
  }
  return null;
}

/**
 * Maps what the admin client throws to the identity service's errors. `kind`/`id` name what a
 * 404 is about. Messages carry Keycloak's words and the status, never a token or a secret.
 */
export function translateKeycloakError(error: unknown, kind: IdentityNotFoundError['kind'], id: string, action: string): IdentityError {
  if (
    error instanceof IdentityConflictError ||
    error instanceof IdentityInvalidError ||
    error instanceof IdentityNotFoundError ||
    error instanceof IdentityUnavailableError
  ) {
    return error;
  }
  if (error instanceof NetworkError) {
    const status = error.response.status;
    const said = keycloakMessage(error.responseData);
    if (status === 404) return new IdentityNotFoundError(kind, id);
    if (status === 409) return new IdentityConflictError(said ?? `Keycloak refused to ${action}: it clashes with what exists.`);
    if (status === 400) return new IdentityInvalidError(said ?? `Keycloak refused to ${action}.`);
    if (status === 401 || status === 403) {
      return new IdentityUnavailableError(
        `Keycloak refused the service account (HTTP ${status}) when asked to ${action}; check its client credentials and realm-management roles.`,
      );
    }
    return new IdentityUnavailableError(`Keycloak answered HTTP ${status} when asked to ${action}${said ? `: ${said}` : ''}.`);
  }
  const reason = error instanceof Error ? (error.name === 'TimeoutError' ? 'it did not answer in time' : error.message) : String(error);
  return new IdentityUnavailableError(`Keycloak could not be reached to ${action}: ${reason}.`);
}
