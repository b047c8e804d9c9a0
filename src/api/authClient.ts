// What the rest of the app needs from the identity adapter. The keycloak-js wrapper
// implements it; unit tests give a fake at this boundary, browser tests use the real one.

export interface AuthClient {
  isAuthenticated(): boolean;
  /** Current access token (in memory only). */
  token(): string | undefined;
  /**
   * Refreshes the token when it expires within `minValiditySeconds` (negative: always);
   * rejects when refresh fails. Concurrent callers share one refresh: never two at once.
   */
  updateToken(minValiditySeconds: number): Promise<boolean>;
  /** Starts sign-in; after it the browser comes back to `returnPath` (a local path). */
  login(returnPath?: string): Promise<void>;
  register(): Promise<void>;
  /** Ends the identity session too (POST form logout) and returns to the landing page. */
  logout(): Promise<void>;
  /** The identity server's reset-password page for this client. */
  resetPasswordUrl(): string;
}

let current: AuthClient | null = null;

export function setAuthClient(client: AuthClient | null): void {
  current = client;
}

export function getAuthClient(): AuthClient {
  if (!current) throw new Error('Sign-in is not initialised yet');
  return current;
}
