// Reads one stream page by page, following its pagination, and yields each page's records.
import { ConfigError } from '../kit/connectorKit.js';
import { atPath, buildUrl, getJson } from './httpRequester.js';
import type { Auth, HttpStream } from './httpSourceSpec.js';

export interface ReadOptions {
  baseUrl: string;
  auth: Auth;
  timeoutMs: number;
  maxPages: number;
  /** Extra query parameters (the incremental lower bound). */
  extraParams?: Record<string, string>;
}

function records(stream: HttpStream, body: unknown): Array<Record<string, unknown>> {
  const list = atPath(body, stream.record_selector);
  if (!Array.isArray(list)) {
    throw new ConfigError(
      `Stream ${stream.name}: ${stream.record_selector ? `"${stream.record_selector}" in the answer` : 'the answer'} is not a list of records${stream.record_selector ? '' : '; set where the records are'}.`,
    );
  }
  return list.map((item) =>
    item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : { value: item },
  );
}

export async function* readPages(stream: HttpStream, options: ReadOptions): AsyncGenerator<Array<Record<string, unknown>>> {
  const pagination = stream.pagination ?? { type: 'none' };
  const baseParams = { ...stream.params, ...options.extraParams };
  let page = pagination.type === 'page' ? (pagination.start_page ?? 1) : 0;
  let offset = 0;
  let cursor: string | undefined;
  let next: string | null = null;
  for (let count = 0; count < options.maxPages; count += 1) {
    const params: Record<string, string | number | undefined> = { ...baseParams };
    if (pagination.type === 'page') {
      params[pagination.page_param] = page;
      if (pagination.size_param) params[pagination.size_param] = pagination.page_size ?? 100;
    } else if (pagination.type === 'offset') {
      params[pagination.offset_param] = offset;
      params[pagination.limit_param] = pagination.limit;
    } else if (pagination.type === 'cursor' && cursor !== undefined) {
      params[pagination.cursor_param] = cursor;
    }
    const url = next ? new URL(next) : buildUrl(options.baseUrl, stream.path, params);
    const answer = await getJson(url, options.auth, options.timeoutMs);
    const found = records(stream, answer.body);
    yield found;
    switch (pagination.type) {
      case 'none':
        return;
      case 'page':
        if (!found.length || (pagination.page_size !== undefined && found.length < pagination.page_size)) return;
        page += 1;
        break;
      case 'offset':
        if (found.length < pagination.limit) return;
        offset += found.length;
        break;
      case 'cursor': {
        const value = atPath(answer.body, pagination.cursor_path);
        if (value === undefined || value === null || value === '' || !found.length) return;
        cursor = String(value);
        break;
      }
      case 'next_link': {
        const link = pagination.next_path ? atPath(answer.body, pagination.next_path) : answer.nextLink;
        if (typeof link !== 'string' || !link) return;
        next = new URL(link, answer.url).toString();
        break;
      }
    }
  }
}

/** A JSON schema for the records seen: each top-level field's JSON type(s), nullable. */
export function inferSchema(sample: ReadonlyArray<Record<string, unknown>>): Record<string, unknown> {
  const types = new Map<string, Set<string>>();
  for (const record of sample) {
    for (const [field, value] of Object.entries(record)) {
      const seen = types.get(field) ?? new Set<string>();
      if (value === null || value === undefined) seen.add('null');
      else if (Array.isArray(value)) seen.add('array');
      else if (typeof value === 'number') seen.add(Number.isInteger(value) ? 'integer' : 'number');
      else if (typeof value === 'string' && !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value)) seen.add('date-time');
      else seen.add(typeof value === 'object' ? 'object' : typeof value);
      types.set(field, seen);
    }
  }
  const properties: Record<string, unknown> = {};
  for (const [field, seen] of types) {
    const kinds = [...seen].filter((kind) => kind !== 'null');
    if (kinds.length === 1 && kinds[0] === 'date-time') properties[field] = { type: ['null', 'string'], format: 'date-time' };
    else if (kinds.length && kinds.every((kind) => kind === 'integer' || kind === 'number'))
      properties[field] = { type: ['null', kinds.includes('number') ? 'number' : 'integer'] };
    else if (kinds.length === 1) properties[field] = { type: ['null', kinds[0] === 'date-time' ? 'string' : kinds[0]] };
    else properties[field] = {};
  }
  return { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties };
}
