// Opening a connection to the source database: the network policy first, then the driver with the
// config's time-out and SSL mode. The host is resolved once, by the policy, and the driver connects
// to that checked address (with the host name kept for TLS), so DNS cannot answer one address to
// the check and another to the connection. Failures become ConfigError with the driver's own words
// ("connect ECONNREFUSED 10.0.0.5:5432", "password authentication failed for user …"), which is
// what the person configuring the source needs to fix it.
import { isIP } from 'node:net';
import pg from 'pg';
import { ConfigError } from '../kit/connectorKit.js';
import { resolveReachable } from '../kit/networkPolicy.js';
import type { PostgresSourceConfig } from './postgresSpec.js';
import { rowTypes } from './postgresTypes.js';

/** TLS options; `servername` is the configured host, so a certificate is checked against the name, not the address. */
function ssl(config: PostgresSourceConfig): pg.ClientConfig['ssl'] {
  const mode = config.ssl_mode ?? { mode: 'disable' };
  const host = config.host.replace(/^\[|\]$/g, '');
  // SNI never carries an address (RFC 6066); a configured address is what the certificate names then.
  const name = isIP(host) ? { host } : { servername: host };
  switch (mode.mode) {
    case 'disable':
      return false;
    case 'require':
      return { rejectUnauthorized: false, ...name };
    case 'verify-full':
      return { rejectUnauthorized: true, ca: mode.ca_certificate, ...name };
  }
}

/** The driver's message; connecting to a name with several addresses fails with an AggregateError whose own message is empty. */
export function driverMessage(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return driverMessage(error.errors[0]);
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

const lostConnections = new WeakMap<pg.Client, Error>();

export async function connect(config: PostgresSourceConfig): Promise<pg.Client> {
  const { address } = await resolveReachable(config.host);
  const timeoutMs = (config.connect_timeout_seconds ?? 10) * 1000;
  const client = new pg.Client({
    host: address,
    port: config.port ?? 5432,
    database: config.database,
    user: config.username,
    password: config.password ?? '',
    ssl: ssl(config),
    connectionTimeoutMillis: timeoutMs,
    // UTC, so timestamps with time zone arrive as +00 offsets whatever the server's zone is.
    options: '-c TimeZone=UTC -c DateStyle=ISO',
    application_name: 'dataworks-source-postgres',
    types: rowTypes,
  });
  // A server that goes away mid-read makes the next query fail with a bare "not queryable"; the
  // reason (terminated by an administrator, server shut down…) comes as this event, kept for the
  // message. Without a listener it would also crash the process as an unhandled 'error' event.
  client.on('error', (error) => {
    lostConnections.set(client, error);
  });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new ConfigError(`Could not connect to ${config.host}:${config.port ?? 5432}: ${driverMessage(error)}`);
  }
  return client;
}

/** Runs `work` on a fresh connection and always closes it. */
export async function withConnection<T>(config: PostgresSourceConfig, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connect(config);
  try {
    return await work(client);
  } catch (error) {
    const lost = lostConnections.get(client);
    throw lost ? new Error(`The connection to the database was lost: ${driverMessage(lost)}`) : error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Identifiers are always quoted (a table named `Order Lines` or `select` is still a table). */
export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;
