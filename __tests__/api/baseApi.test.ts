import { AxiosError } from 'axios';
import { axiosBaseQuery } from '../../src/api/baseApi';
import { apiClient } from '../../src/api/client';
import { apiErrorField, apiErrorMessage } from '../../src/api/apiError';
import { installFakeAuthClient } from '../helpers/fakeAuthClient';
import { bodyOf, fakeBackend, json } from '../helpers/fakeBackend';
import { installTestConfig } from '../helpers/testConfig';

const queryApi = { signal: new AbortController().signal } as Parameters<typeof axiosBaseQuery>[1];

beforeEach(() => {
  installTestConfig();
  installFakeAuthClient();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it('answers { data } through the shared client', async () => {
  const backend = fakeBackend(() => json(201, { dashboard: { id: '1' } }));
  apiClient.defaults.adapter = backend.adapter;
  const result = await axiosBaseQuery({ url: 'api/dashboards', method: 'POST', body: { name: 'A' } }, queryApi, {});
  expect(result).toEqual({ data: { dashboard: { id: '1' } } });
  expect(bodyOf(backend.calls[0])).toEqual({ name: 'A' });
  expect(backend.calls[0]!.headers.Authorization).toBe('Bearer token-1');
});

it('answers { error: { status, data } } instead of throwing', async () => {
  const body = { error: 'invalid_request', message: 'url: must be an absolute http:// or https:// URL', field: 'url' };
  apiClient.defaults.adapter = fakeBackend(() => json(400, body)).adapter;
  const result = await axiosBaseQuery('api/dashboards', queryApi, {});
  expect(result).toEqual({ error: { status: 400, data: body } });
  expect(apiErrorField(result.error)).toBe('url');
  expect(apiErrorMessage(result.error)).toBe(body.message);
});

it('names a network failure so the page can say the service is unreachable', async () => {
  apiClient.defaults.adapter = (config) => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK', config));
  const result = await axiosBaseQuery('api/dashboards', queryApi, {});
  expect(result.error?.status).toBe('NETWORK_ERROR');
  expect(apiErrorMessage(result.error)).toMatch(/could not be reached/);
});
