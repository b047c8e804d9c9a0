// The PostgreSQL source's configuration: where the database is, who connects, which schemas are
// offered as streams and how the connection is encrypted. The platform validates a config against
// this spec before the connector runs; the password is a secret (encrypted at rest, masked in logs).
import type { ConnectorSpecification } from '@common/integrations/airbyteProtocol';

export type SslMode = { mode: 'disable' } | { mode: 'require' } | { mode: 'verify-full'; ca_certificate: string };

export interface PostgresSourceConfig {
  host: string;
  port?: number;
  database: string;
  username: string;
  password?: string;
  schemas?: string[];
  ssl_mode?: SslMode;
  connect_timeout_seconds?: number;
}

export const POSTGRES_SOURCE_SPEC: ConnectorSpecification = {
  documentationUrl: 'https://www.postgresql.org/docs/current/libpq-connect.html',
  protocol_version: '0.5.2',
  supported_destination_sync_modes: ['overwrite', 'append', 'append_dedup'],
  connectionSpecification: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'PostgreSQL',
    type: 'object',
    additionalProperties: false,
    required: ['host', 'database', 'username'],
    properties: {
      host: {
        type: 'string',
        title: 'Host',
        description: 'Name or address of the database server.',
        minLength: 1,
        maxLength: 255,
        order: 0,
      },
      port: { type: 'integer', title: 'Port', default: 5432, minimum: 1, maximum: 65535, order: 1 },
      database: { type: 'string', title: 'Database', minLength: 1, maxLength: 63, order: 2 },
      username: { type: 'string', title: 'User name', minLength: 1, maxLength: 63, order: 3 },
      password: { type: 'string', title: 'Password', airbyte_secret: true, maxLength: 1000, order: 4 },
      schemas: {
        type: 'array',
        title: 'Schemas',
        description: 'Tables and views of these schemas become streams.',
        items: { type: 'string', minLength: 1, maxLength: 63 },
        minItems: 1,
        uniqueItems: true,
        default: ['public'],
        order: 5,
      },
      ssl_mode: {
        type: 'object',
        title: 'SSL mode',
        description: 'How the connection is encrypted.',
        order: 6,
        oneOf: [
          {
            title: 'Disable',
            description: 'No encryption (only on a trusted network).',
            required: ['mode'],
            properties: { mode: { const: 'disable' } },
          },
          {
            title: 'Require',
            description: 'Encrypted; the server certificate is not verified.',
            required: ['mode'],
            properties: { mode: { const: 'require' } },
          },
          {
            title: 'Verify full',
            description: 'Encrypted; the server certificate must be signed by this CA and name the host.',
            required: ['mode', 'ca_certificate'],
            properties: {
              mode: { const: 'verify-full' },
              ca_certificate: {
                type: 'string',
                title: 'CA certificate',
                description: 'PEM text of the certificate authority.',
                multiline: true,
                minLength: 1,
              },
            },
          },
        ],
      },
      connect_timeout_seconds: { type: 'integer', title: 'Connect time-out (seconds)', default: 10, minimum: 1, maximum: 120, order: 7 },
    },
  },
};
