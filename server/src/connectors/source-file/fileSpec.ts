// The files source's configuration: one CSV or JSON lines file, from the portal's file area on the
// server or from an http(s) URL, read as one stream (full refresh).
import type { ConnectorSpecification } from '@common/integrations/airbyteProtocol';

export interface FileSourceConfig {
  /** An http(s) URL, or a path inside the files directory the platform allows. */
  location: string;
  format: 'csv' | 'jsonl';
  /** The stream (and table) name; by default the file's name without its extension. */
  stream_name?: string;
  delimiter?: string;
  request_timeout_seconds?: number;
}

export const FILE_SOURCE_SPEC: ConnectorSpecification = {
  documentationUrl: 'https://jsonlines.org/',
  protocol_version: '0.5.2',
  supported_destination_sync_modes: ['overwrite', 'append'],
  connectionSpecification: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Files (CSV, JSON lines)',
    type: 'object',
    additionalProperties: false,
    required: ['location', 'format'],
    properties: {
      location: {
        type: 'string',
        title: 'File',
        description: 'An https:// (or http://) URL, or a path inside the portal’s file area (for example sales/2026-01.csv).',
        minLength: 1,
        maxLength: 2000,
        order: 0,
      },
      format: {
        type: 'string',
        title: 'Format',
        enum: ['csv', 'jsonl'],
        default: 'csv',
        description: 'CSV with a header row, or one JSON object per line.',
        order: 1,
      },
      stream_name: {
        type: 'string',
        title: 'Stream name',
        description:
          'The table the rows land in. Empty: the file’s name without its extension, which must then be a valid name (letters, digits, underscores).',
        pattern: '^[A-Za-z_][A-Za-z0-9_$]*$',
        maxLength: 255,
        order: 2,
      },
      delimiter: { type: 'string', title: 'CSV delimiter', default: ',', minLength: 1, maxLength: 1, order: 3 },
      request_timeout_seconds: {
        type: 'integer',
        title: 'Time-out for a URL (seconds)',
        description: 'How long the server may take to start answering.',
        default: 30,
        minimum: 1,
        maximum: 300,
        order: 4,
      },
    },
  },
};
