// The one HTTP client for the portal API (docs/shell-rules.md, "API calls and analytics"). Every request
// needs a signed-in user and a token valid for a few more seconds; a 401 gets one retry with
// a freshly refreshed token (one refresh shared by every request answered 401 meanwhile);
// every failure is logged with its status and body, then rejected.
import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { getAuthClient, type AuthClient } from './authClient';
import { getRuntimeConfig } from '../config/currentConfig';
import { TOKEN_MIN_VALIDITY_SECONDS } from '../config/constants';
import { finishLoading, startLoading } from '../components/progress/progressTracker';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set once the request counts in the progress bar; cleared when it has been settled. */
    dwCounted?: boolean;
    /** Set on the single retry after a 401. */
    dwRetried?: boolean;
    /** The access token the request was sent with. */
    dwToken?: string;
  }
}

export const NOT_SIGNED_IN = 'ERR_NOT_SIGNED_IN';
export const TOKEN_REFRESH_FAILED = 'ERR_TOKEN_REFRESH_FAILED';

/** Asking keycloak for a refresh whatever the token's remaining lifetime. */
const FORCE_REFRESH = -1;

/** The forced refresh answering the 401s of requests sent with the same, refused token. */
let renewal: { refused: string | undefined; done: Promise<unknown> } | undefined;

/**
 * Renews the token after a 401 on a request sent with `refused`. Requests answered 401 together
 * share one refresh, and one whose token was renewed since it left is simply retried: a burst
 * of 401s must not become a burst of refreshes of the same refresh token.
 */
function renewRefusedToken(auth: AuthClient, refused: string | undefined): Promise<unknown> {
  if (renewal && renewal.refused === refused) return renewal.done;
  if (auth.token() !== refused) return Promise.resolve();
  const current = { refused, done: auth.updateToken(FORCE_REFRESH) };
  renewal = current;
  const land = () => {
    if (renewal === current) renewal = undefined;
  };
  current.done.then(land, land);
  return current.done;
}

/** Where sign-in should bring the user back to: the page they are on. */
function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function sendToSignIn(): void {
  getAuthClient()
    .login(currentPath())
    .catch((error: unknown) => console.error('[api] could not start sign-in', error));
}

/** Ends this request's share of the progress bar, exactly once however it ended. */
function settleProgress(config: InternalAxiosRequestConfig | undefined): void {
  if (!config?.dwCounted) return;
  config.dwCounted = false;
  finishLoading();
}

function describe(config: InternalAxiosRequestConfig | undefined): string {
  return `${(config?.method ?? 'get').toUpperCase()} ${config?.url ?? '(unknown url)'}`;
}

async function authorise(config: InternalAxiosRequestConfig): Promise<InternalAxiosRequestConfig> {
  const auth = getAuthClient();
  if (!auth.isAuthenticated()) {
    sendToSignIn();
    throw new AxiosError('Not signed in', NOT_SIGNED_IN, config);
  }
  try {
    await auth.updateToken(TOKEN_MIN_VALIDITY_SECONDS);
  } catch {
    sendToSignIn();
    throw new AxiosError('The session could not be renewed', TOKEN_REFRESH_FAILED, config);
  }
  config.dwToken = auth.token();
  config.headers.set('Authorization', `Bearer ${config.dwToken ?? ''}`);
  // A retry keeps the original request's place in the progress bar instead of taking a new one.
  if (!config.dwCounted) {
    startLoading();
    config.dwCounted = true;
  }
  return config;
}

function logFailure(error: AxiosError): void {
  const status = error.response?.status;
  const data = error.response?.data;
  console.error(`[api] ${describe(error.config)} failed: ${status ?? error.code ?? error.message}`, { status, data });
}

export function createApiClient(): AxiosInstance {
  const client = axios.create({ headers: { Accept: 'application/json' } });

  client.interceptors.request.use(async (config) => {
    // Read per request: the configuration is loaded after this module.
    config.baseURL ??= getRuntimeConfig().apiBaseUrl;
    return authorise(config);
  });

  client.interceptors.response.use(
    (response) => {
      settleProgress(response.config);
      return response;
    },
    async (error: unknown) => {
      if (!axios.isAxiosError(error)) throw error;
      const config = error.config;

      if (axios.isCancel(error)) {
        // Cancelled by the caller (a page left before its data came): nothing went wrong.
        settleProgress(config);
        throw error;
      }

      if (error.response?.status === 401 && config && !config.dwRetried) {
        try {
          await renewRefusedToken(getAuthClient(), config.dwToken);
        } catch {
          settleProgress(config);
          logFailure(error);
          sendToSignIn();
          throw error;
        }
        // The retry goes through the request interceptor again, which sets the new token.
        return client.request({ ...config, dwRetried: true });
      }

      settleProgress(config);
      logFailure(error);
      if (error.response?.status === 401) sendToSignIn();
      throw error;
    },
  );

  return client;
}

export const apiClient = createApiClient();
