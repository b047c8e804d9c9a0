// An axios adapter answering from a handler, so tests see every request the client sends
// (and how many) without a server or a mocking library.
import { AxiosError, CanceledError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

export interface FakeAnswer {
  status: number;
  data?: unknown;
}

export type Handler = (request: InternalAxiosRequestConfig) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeBackend {
  adapter: AxiosAdapter;
  calls: InternalAxiosRequestConfig[];
}

export function fakeBackend(handler: Handler): FakeBackend {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) => {
    calls.push(config);
    return new Promise<AxiosResponse>((resolve, reject) => {
      const signal = config.signal as AbortSignal | undefined;
      const abort = () => reject(new CanceledError(undefined, config));
      signal?.addEventListener?.('abort', abort);
      Promise.resolve(handler(config)).then(({ status, data }) => {
        signal?.removeEventListener?.('abort', abort);
        const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config, request: {} };
        if (status >= 200 && status < 300) resolve(response);
        else
          reject(
            new AxiosError(
              `Request failed with status code ${status}`,
              status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
              config,
              {},
              response,
            ),
          );
      }, reject);
    });
  };
  return { adapter, calls };
}

/** The JSON body a request carried. */
export function bodyOf(request: InternalAxiosRequestConfig | undefined): unknown {
  return typeof request?.data === 'string' ? JSON.parse(request.data) : request?.data;
}

export const json = (status: number, data?: unknown): FakeAnswer => ({ status, data });
