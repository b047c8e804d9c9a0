// The custom HTTP source as the page edits it (every field a string, as typed) and the config of
// the built-in `source-http` connector it becomes. The server checks the config against the
// connector's spec and names the field it refuses (`config.streams.0.path`).

export type AuthType = 'none' | 'bearer' | 'api_key' | 'basic';
export type PaginationType = 'none' | 'page' | 'offset' | 'cursor' | 'next_link';

export interface StreamDraft {
  /** Stable key for the list while streams are added and removed. */
  key: number;
  name: string;
  path: string;
  recordSelector: string;
  primaryKey: string;
  pagination: PaginationType;
  pageParam: string;
  pageSize: string;
  offsetParam: string;
  limitParam: string;
  limit: string;
  cursorParam: string;
  cursorPath: string;
  nextPath: string;
  incremental: boolean;
  datetimeField: string;
  requestParam: string;
}

export interface HttpSourceDraft {
  baseUrl: string;
  auth: AuthType;
  token: string;
  apiKeyHeader: string;
  apiKey: string;
  apiKeyIn: 'header' | 'query';
  username: string;
  password: string;
  streams: StreamDraft[];
}

let nextKey = 1;
export function newStream(): StreamDraft {
  return {
    key: nextKey++,
    name: '',
    path: '',
    recordSelector: '',
    primaryKey: '',
    pagination: 'none',
    pageParam: 'page',
    pageSize: '100',
    offsetParam: 'offset',
    limitParam: 'limit',
    limit: '100',
    cursorParam: 'cursor',
    cursorPath: '',
    nextPath: '',
    incremental: false,
    datetimeField: '',
    requestParam: '',
  };
}

export const emptyDraft = (): HttpSourceDraft => ({
  baseUrl: '',
  auth: 'none',
  token: '',
  apiKeyHeader: 'X-API-Key',
  apiKey: '',
  apiKeyIn: 'header',
  username: '',
  password: '',
  streams: [newStream()],
});

/** A whole number as typed; anything else is sent as is, for the server to refuse by name. */
const integer = (value: string): number | string => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : value);
const optional = (value: string) => (value.trim() ? value.trim() : undefined);

function auth(draft: HttpSourceDraft): Record<string, unknown> {
  switch (draft.auth) {
    case 'bearer':
      return { type: 'bearer', token: draft.token };
    case 'api_key':
      return { type: 'api_key', header: draft.apiKeyHeader.trim(), api_key: draft.apiKey, inject_into: draft.apiKeyIn };
    case 'basic':
      return { type: 'basic', username: draft.username, password: draft.password };
    default:
      return { type: 'none' };
  }
}

function pagination(stream: StreamDraft): Record<string, unknown> {
  switch (stream.pagination) {
    case 'page':
      return { type: 'page', page_param: stream.pageParam.trim(), page_size: integer(stream.pageSize) };
    case 'offset':
      return {
        type: 'offset',
        offset_param: stream.offsetParam.trim(),
        limit_param: stream.limitParam.trim(),
        limit: integer(stream.limit),
      };
    case 'cursor':
      return { type: 'cursor', cursor_param: stream.cursorParam.trim(), cursor_path: stream.cursorPath.trim() };
    case 'next_link':
      return { type: 'next_link', ...(optional(stream.nextPath) ? { next_path: stream.nextPath.trim() } : {}) };
    default:
      return { type: 'none' };
  }
}

export function httpSourceConfig(draft: HttpSourceDraft): Record<string, unknown> {
  return {
    base_url: draft.baseUrl.trim(),
    auth: auth(draft),
    streams: draft.streams.map((stream) => {
      const config: Record<string, unknown> = { name: stream.name.trim(), path: stream.path.trim(), pagination: pagination(stream) };
      if (optional(stream.recordSelector)) config.record_selector = stream.recordSelector.trim();
      if (optional(stream.primaryKey)) config.primary_key = stream.primaryKey.trim();
      if (stream.incremental)
        config.incremental = {
          datetime_field: stream.datetimeField.trim(),
          ...(optional(stream.requestParam) ? { request_param: stream.requestParam.trim() } : {}),
        };
      return config;
    }),
  };
}
