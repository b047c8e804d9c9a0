import axios from 'axios';
import { apiClient, NOT_SIGNED_IN, TOKEN_REFRESH_FAILED } from '../../src/api/client';
import { isLoading } from '../../src/components/progress/progressTracker';
import { installFakeAuthClient, type FakeAuthClient } from '../helpers/fakeAuthClient';
import { fakeBackend, json, type FakeBackend, type Handler } from '../helpers/fakeBackend';
import { installTestConfig } from '../helpers/testConfig';

let auth: FakeAuthClient;
let backend: FakeBackend;
let consoleError: jest.SpyInstance;

function answer(handler: Handler): FakeBackend {
  backend = fakeBackend(handler);
  apiClient.defaults.adapter = backend.adapter;
  return backend;
}

/** Resolves with the error a call rejected with (and fails the test if it resolved). */
async function failureOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  installTestConfig({ apiBaseUrl: 'https://api.example.test/portal/' });
  auth = installFakeAuthClient();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  window.history.replaceState({}, '', '/app/dashboard/default?tab=2');
});

afterEach(() => {
  consoleError.mockRestore();
  expect(isLoading()).toBe(false);
});

describe('every request', () => {
  it('renews a token about to expire (5 s) and sends it as a bearer header to the configured base URL', async () => {
    answer(() => json(200, { dashboards: [] }));
    const response = await apiClient.get('api/dashboards');
    expect(response.data).toEqual({ dashboards: [] });
    expect(auth.updateToken).toHaveBeenCalledWith(5);
    expect(backend.calls).toHaveLength(1);
    expect(backend.calls[0]!.headers.Authorization).toBe('Bearer token-1');
    expect(axios.getUri(backend.calls[0])).toBe('https://api.example.test/portal/api/dashboards');
  });

  it('sends a signed-out user to sign-in, back to the current page, and sends nothing', async () => {
    auth.isAuthenticated.mockReturnValue(false);
    answer(() => json(200, {}));
    const error = await failureOf(apiClient.get('api/dashboards'));
    expect(axios.isAxiosError(error) && error.code).toBe(NOT_SIGNED_IN);
    expect(auth.login).toHaveBeenCalledWith('/app/dashboard/default?tab=2');
    expect(backend.calls).toHaveLength(0);
    expect(consoleError).toHaveBeenCalled();
  });

  it('sends the user to sign-in when the token cannot be renewed before the request', async () => {
    auth.updateToken.mockRejectedValueOnce(new Error('refresh failed'));
    answer(() => json(200, {}));
    const error = await failureOf(apiClient.get('api/dashboards'));
    expect(axios.isAxiosError(error) && error.code).toBe(TOKEN_REFRESH_FAILED);
    expect(auth.login).toHaveBeenCalledTimes(1);
    expect(backend.calls).toHaveLength(0);
  });
});

describe('a 401 answer', () => {
  it('is retried exactly once, after a forced refresh, with the new token', async () => {
    answer((request) =>
      request.headers.Authorization === 'Bearer token-1'
        ? json(401, { error: 'invalid_token', message: 'expired' })
        : json(200, { ok: true }),
    );
    const response = await apiClient.post('api/dashboards', { name: 'Sales', url: 'https://bi.example.com/sales' });
    expect(response.data).toEqual({ ok: true });
    expect(backend.calls).toHaveLength(2);
    expect(auth.updateToken).toHaveBeenCalledWith(-1);
    expect(backend.calls[1]!.headers.Authorization).toBe('Bearer token-2');
    // The retry carries the same request.
    expect(backend.calls[1]!.method).toBe('post');
    expect(JSON.parse(backend.calls[1]!.data as string)).toEqual({ name: 'Sales', url: 'https://bi.example.com/sales' });
    expect(auth.login).not.toHaveBeenCalled();
  });

  it('on several requests at once shares one forced refresh among them', async () => {
    const releaseRefresh: Array<() => void> = [];
    const defaultUpdate = auth.updateToken.getMockImplementation();
    auth.updateToken.mockImplementation(async (minValidity) => {
      // The forced refresh takes a while, so every 401 arrives while it is in flight.
      if (minValidity < 0) await new Promise<void>((resolve) => releaseRefresh.push(resolve));
      return defaultUpdate ? defaultUpdate(minValidity) : false;
    });
    answer((request) =>
      request.headers.Authorization === 'Bearer token-1'
        ? json(401, { error: 'invalid_token', message: 'expired' })
        : json(200, { ok: true }),
    );

    const calls = [apiClient.get('api/dashboards'), apiClient.get('api/me/layout-settings'), apiClient.get('api/config/client-dashboards')];
    while (backend.calls.length < 3) await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    releaseRefresh.forEach((release) => release());
    const responses = await Promise.all(calls);

    expect(responses.map((response) => response.data)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(auth.updateToken.mock.calls.filter(([minValidity]) => minValidity < 0)).toHaveLength(1);
    expect(backend.calls.slice(3).map((call) => call.headers.Authorization)).toEqual([
      'Bearer token-2',
      'Bearer token-2',
      'Bearer token-2',
    ]);
  });

  it('on a request sent before the token was renewed is retried without another refresh', async () => {
    let releaseSlow!: () => void;
    let slowCalls = 0;
    answer((request) => {
      if (request.url === 'api/slow' && (slowCalls += 1) === 1) {
        return new Promise((resolve) => (releaseSlow = () => resolve(json(401, { error: 'invalid_token', message: 'expired' }))));
      }
      return request.headers.Authorization === 'Bearer token-1'
        ? json(401, { error: 'invalid_token', message: 'expired' })
        : json(200, { ok: true });
    });
    const slow = apiClient.get('api/slow');
    await apiClient.get('api/dashboards'); // 401 with token-1, renewed to token-2, retried
    releaseSlow(); // the slow request's 401 (it left with token-1) comes after the renewal
    expect((await slow).data).toEqual({ ok: true });
    expect(auth.updateToken.mock.calls.filter(([minValidity]) => minValidity < 0)).toHaveLength(1);
    expect(backend.calls.at(-1)!.headers.Authorization).toBe('Bearer token-2');
  });

  it('answered 401 again leads to sign-in, with no third attempt', async () => {
    answer(() => json(401, { error: 'invalid_token', message: 'no' }));
    const error = await failureOf(apiClient.get('api/dashboards'));
    expect(axios.isAxiosError(error) && error.response?.status).toBe(401);
    expect(backend.calls).toHaveLength(2);
    expect(auth.login).toHaveBeenCalledTimes(1);
    expect(auth.login).toHaveBeenCalledWith('/app/dashboard/default?tab=2');
  });

  it('leads to sign-in when the refresh fails, without retrying', async () => {
    answer(() => json(401, { error: 'invalid_token', message: 'expired' }));
    auth.updateToken.mockImplementation(async (minValidity) => {
      if (minValidity < 0) throw new Error('refresh token expired');
      return false;
    });
    const error = await failureOf(apiClient.get('api/dashboards'));
    expect(axios.isAxiosError(error) && error.response?.status).toBe(401);
    expect(backend.calls).toHaveLength(1);
    expect(auth.login).toHaveBeenCalledTimes(1);
  });
});

describe('errors', () => {
  it('are logged with status and data, then rejected to the caller', async () => {
    const body = { error: 'conflict', message: 'A dashboard with this name exists.', field: 'name' };
    answer(() => json(409, body));
    const error = await failureOf(apiClient.post('api/dashboards', { name: 'Sales', url: 'https://x.test' }));
    expect(axios.isAxiosError(error) && error.response?.data).toEqual(body);
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('POST api/dashboards'), { status: 409, data: body });
    expect(auth.login).not.toHaveBeenCalled();
  });

  it('log a network failure (no status) too', async () => {
    // As the browser's XHR adapter does: the error carries its request's config.
    answer((request) => Promise.reject(new axios.AxiosError('Network Error', 'ERR_NETWORK', request)));
    await failureOf(apiClient.get('api/dashboards'));
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('ERR_NETWORK'), { status: undefined, data: undefined });
  });
});

describe('the progress bar', () => {
  it('counts a request while it is in flight and releases it on success', async () => {
    let release!: () => void;
    answer(() => new Promise((resolve) => (release = () => resolve(json(200, {})))));
    const call = apiClient.get('api/dashboards');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(isLoading()).toBe(true);
    release();
    await call;
    expect(isLoading()).toBe(false);
  });

  it('is released on an error, on a cancelled request and after a 401 retry', async () => {
    answer(() => json(500, { error: 'internal', message: 'boom' }));
    await failureOf(apiClient.get('api/dashboards'));
    expect(isLoading()).toBe(false);

    const controller = new AbortController();
    answer(() => new Promise(() => undefined));
    const pending = apiClient.get('api/dashboards', { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(isLoading()).toBe(true);
    controller.abort();
    expect(axios.isCancel(await failureOf(pending))).toBe(true);
    expect(isLoading()).toBe(false);

    answer((request) => (request.headers.Authorization === 'Bearer token-2' ? json(200, {}) : json(401)));
    await apiClient.get('api/dashboards');
    expect(isLoading()).toBe(false);

    auth.isAuthenticated.mockReturnValue(false);
    await failureOf(apiClient.get('api/dashboards'));
    expect(isLoading()).toBe(false);
  });
});
