// The configuration of an HTTP API source, declared rather than programmed (in the spirit of
// Airbyte's low-code connectors): a base URL, how to authenticate, and per stream the path, where
// the records are in the answer, how pages follow each other and which field makes it incremental.
import type { ConnectorSpecification } from '@common/integrations/airbyteProtocol';

export type Auth =
  | { type: 'none' }
  | { type: 'bearer'; token: string }
  | { type: 'api_key'; header: string; api_key: string; inject_into?: 'header' | 'query' }
  | { type: 'basic'; username: string; password: string };

export type Pagination =
  | { type: 'none' }
  | { type: 'page'; page_param: string; start_page?: number; size_param?: string; page_size?: number }
  | { type: 'offset'; offset_param: string; limit_param: string; limit: number }
  | { type: 'cursor'; cursor_param: string; cursor_path: string }
  | { type: 'next_link'; next_path?: string };

export interface HttpStream {
  name: string;
  path: string;
  /** Dot path to the list of records in the answer (`data.items`); empty: the answer is the list. */
  record_selector?: string;
  primary_key?: string;
  pagination?: Pagination;
  /** Query parameters sent on every request of the stream. */
  params?: Record<string, string>;
  /** Incremental: the record field holding a date-time, and the query parameter that asks for later ones. */
  incremental?: { datetime_field: string; request_param?: string; start_datetime?: string };
}

export interface HttpSourceConfig {
  base_url: string;
  auth: Auth;
  streams: HttpStream[];
  request_timeout_seconds?: number;
  max_pages?: number;
}

const text = (title: string, description: string, extra: Record<string, unknown> = {}) => ({
  type: 'string',
  title,
  description,
  ...extra,
});
const pagination = {
  type: 'object',
  title: 'Pagination',
  description: 'How the API splits a long list into pages.',
  oneOf: [
    { title: 'None', required: ['type'], properties: { type: { const: 'none' } } },
    {
      title: 'Page number',
      required: ['type', 'page_param'],
      properties: {
        type: { const: 'page' },
        page_param: text('Page parameter', 'Query parameter holding the page number.', { default: 'page' }),
        start_page: { type: 'integer', title: 'First page', default: 1, minimum: 0 },
        size_param: text('Page size parameter', 'Query parameter holding the page size (optional).'),
        page_size: { type: 'integer', title: 'Page size', minimum: 1, maximum: 10000, default: 100 },
      },
    },
    {
      title: 'Offset and limit',
      required: ['type', 'offset_param', 'limit_param', 'limit'],
      properties: {
        type: { const: 'offset' },
        offset_param: text('Offset parameter', 'Query parameter holding the offset.', { default: 'offset' }),
        limit_param: text('Limit parameter', 'Query parameter holding the limit.', { default: 'limit' }),
        limit: { type: 'integer', title: 'Limit', minimum: 1, maximum: 10000, default: 100 },
      },
    },
    {
      title: 'Cursor',
      required: ['type', 'cursor_param', 'cursor_path'],
      properties: {
        type: { const: 'cursor' },
        cursor_param: text('Cursor parameter', 'Query parameter that asks for the page after a cursor.', { default: 'cursor' }),
        cursor_path: text('Cursor in the answer', 'Dot path to the next cursor in the answer, e.g. meta.next_cursor.'),
      },
    },
    {
      title: 'Next link',
      required: ['type'],
      properties: {
        type: { const: 'next_link' },
        next_path: text(
          'Next link in the answer',
          'Dot path to the next page\'s URL in the answer (e.g. links.next); empty: the Link header\'s rel="next".',
        ),
      },
    },
  ],
};

export const HTTP_SOURCE_SPEC: ConnectorSpecification = {
  documentationUrl: 'https://docs.airbyte.com/connector-development/config-based/understanding-the-yaml-file/yaml-overview',
  protocol_version: '0.5.2',
  connectionSpecification: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'HTTP API',
    type: 'object',
    required: ['base_url', 'auth', 'streams'],
    additionalProperties: false,
    properties: {
      base_url: {
        type: 'string',
        title: 'Base URL',
        description: 'Where the API is, e.g. https://api.example.com/v1',
        format: 'uri',
        pattern: '^https?://',
        order: 0,
      },
      auth: {
        type: 'object',
        title: 'Authentication',
        order: 1,
        oneOf: [
          { title: 'None', required: ['type'], properties: { type: { const: 'none' } } },
          {
            title: 'Bearer token',
            required: ['type', 'token'],
            properties: { type: { const: 'bearer' }, token: { type: 'string', title: 'Token', airbyte_secret: true } },
          },
          {
            title: 'API key',
            required: ['type', 'header', 'api_key'],
            properties: {
              type: { const: 'api_key' },
              header: text('Header or parameter name', 'e.g. X-API-Key', { default: 'X-API-Key' }),
              api_key: { type: 'string', title: 'API key', airbyte_secret: true },
              inject_into: { type: 'string', title: 'Send it in', enum: ['header', 'query'], default: 'header' },
            },
          },
          {
            title: 'Basic',
            required: ['type', 'username', 'password'],
            properties: {
              type: { const: 'basic' },
              username: { type: 'string', title: 'Username' },
              password: { type: 'string', title: 'Password', airbyte_secret: true },
            },
          },
        ],
      },
      streams: {
        type: 'array',
        title: 'Streams',
        order: 2,
        minItems: 1,
        maxItems: 50,
        items: {
          type: 'object',
          required: ['name', 'path'],
          additionalProperties: false,
          properties: {
            name: text('Stream name', 'Becomes the table name: letters, digits and underscores.', {
              pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
              maxLength: 100,
            }),
            path: text('Path', 'Below the base URL, e.g. /orders', { maxLength: 500 }),
            record_selector: text(
              'Records at',
              'Dot path to the list of records in the answer, e.g. data.items; empty when the answer is the list.',
              { maxLength: 200 },
            ),
            primary_key: text('Primary key field', 'A field that identifies a record (optional).', { maxLength: 100 }),
            pagination,
            params: { type: 'object', title: 'Query parameters', additionalProperties: { type: 'string' } },
            incremental: {
              type: 'object',
              title: 'Incremental',
              required: ['datetime_field'],
              properties: {
                datetime_field: text('Date-time field', 'Record field holding when it last changed.'),
                request_param: text('Request parameter', 'Query parameter asking for records changed after a date-time (optional).'),
                start_datetime: {
                  type: 'string',
                  title: 'Start',
                  format: 'date-time',
                  description: 'The first sync reads changes after this.',
                },
              },
            },
          },
        },
      },
      request_timeout_seconds: { type: 'integer', title: 'Request time-out (seconds)', minimum: 1, maximum: 300, default: 30, order: 3 },
      max_pages: { type: 'integer', title: 'Most pages per stream', minimum: 1, maximum: 100000, default: 1000, order: 4 },
    },
  },
};
