// The sample-data source: a demo shop, its support desk and its web analytics, as an Airbyte
// source. Customers and products are copied whole; orders, order items, payments, tickets and web
// events arrive hour by hour, incrementally, with a checkpoint after every hour.
import type { ConfiguredAirbyteStream, StreamDescriptor } from '@common/integrations/airbyteProtocol';
import { ConfigError, runConnectorProgram, type Connector, type ReadContext } from '../kit/connectorKit.js';
import { customers, HOUR, hourRows, products, wholeHour, type HourRows } from './sampleData.js';
import { SAMPLE_STREAMS } from './sampleStreams.js';

interface SampleConfig {
  seed?: string;
  orders_per_hour?: number;
  start_date?: string;
}

/** Without a start date, the first sync brings this much history. */
const DEFAULT_HISTORY_HOURS = 24;
/** One sync brings at most this many hours, so a long-paused connection catches up in steps. */
const MAX_HOURS_PER_SYNC = 24 * 90;

const HOURLY: Record<string, keyof HourRows> = {
  orders: 'orders',
  order_items: 'orderItems',
  payments: 'payments',
  support_tickets: 'tickets',
  web_events: 'events',
};

function settings(config: SampleConfig) {
  const ordersPerHour = config.orders_per_hour ?? 20;
  if (!Number.isInteger(ordersPerHour) || ordersPerHour < 0 || ordersPerHour > 500)
    throw new ConfigError('orders_per_hour must be a whole number from 0 to 500.');
  const start = config.start_date ? Date.parse(config.start_date) : null;
  if (start !== null && Number.isNaN(start))
    throw new ConfigError(`start_date "${config.start_date}" is not a date and time (for example 2026-01-01T00:00:00Z).`);
  return { seed: config.seed?.trim() || 'demo', ordersPerHour, start };
}

async function read({ config, catalog, streamState, emit }: ReadContext<SampleConfig>): Promise<void> {
  const { seed, ordersPerHour, start } = settings(config);
  const now = Date.now();
  const until = wholeHour(now);
  const selected = (name: string) => catalog.streams.find((configured) => configured.stream.name === name);
  const descriptor = (configured: ConfiguredAirbyteStream): StreamDescriptor => ({
    name: configured.stream.name,
    namespace: configured.stream.namespace,
  });

  for (const [name, rows] of [
    ['customers', () => customers(seed, now)],
    ['products', () => products(now)],
  ] as const) {
    const configured = selected(name);
    if (!configured) continue;
    const stream = descriptor(configured);
    const all = rows();
    await emit.estimate(stream, all.length);
    await emit.status(stream, 'STARTED');
    for (const row of all) await emit.record(stream, row, now);
    await emit.status(stream, 'COMPLETE');
  }

  // Each hourly stream resumes from its own checkpoint; a full refresh starts from the beginning.
  const hourly = Object.keys(HOURLY).flatMap((name) => {
    const configured = selected(name);
    if (!configured) return [];
    const saved = configured.sync_mode === 'incremental' ? Number(streamState(descriptor(configured))?.next_hour) : NaN;
    const from = Number.isFinite(saved) ? saved : wholeHour(start ?? until - DEFAULT_HISTORY_HOURS * HOUR);
    return [{ name, configured, stream: descriptor(configured), from, to: Math.min(until, from + MAX_HOURS_PER_SYNC * HOUR) }];
  });
  for (const entry of hourly) {
    await emit.estimate(
      entry.stream,
      Math.max(0, (entry.to - entry.from) / HOUR) *
        (entry.name === 'web_events' ? 30 : entry.name === 'support_tickets' ? 1 : ordersPerHour * (entry.name === 'order_items' ? 2 : 1)),
    );
    await emit.status(entry.stream, 'STARTED');
  }
  const first = Math.min(...hourly.map((entry) => entry.from));
  const last = Math.max(...hourly.map((entry) => entry.to));
  for (let hour = first; hour < last; hour += HOUR) {
    const active = hourly.filter((entry) => hour >= entry.from && hour < entry.to);
    if (!active.length) continue;
    const rows = hourRows(seed, hour, ordersPerHour, now);
    for (const entry of active) {
      for (const row of rows[HOURLY[entry.name] as keyof HourRows]) await emit.record(entry.stream, row, now);
      await emit.state(entry.stream, { next_hour: hour + HOUR, next_hour_at: new Date(hour + HOUR).toISOString() });
    }
  }
  for (const entry of hourly) await emit.status(entry.stream, 'COMPLETE');
}

const sampleSource: Connector<SampleConfig> = {
  spec: {
    documentationUrl: 'https://docs.airbyte.com/understanding-airbyte/airbyte-protocol',
    protocol_version: '0.5.2',
    connectionSpecification: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: 'Sample data',
      type: 'object',
      additionalProperties: false,
      properties: {
        seed: {
          type: 'string',
          title: 'Seed',
          description: 'The same seed gives the same data.',
          default: 'demo',
          order: 0,
          maxLength: 100,
        },
        orders_per_hour: {
          type: 'integer',
          title: 'Orders per hour',
          description: 'About how many orders the shop takes each hour.',
          default: 20,
          minimum: 0,
          maximum: 500,
          order: 1,
        },
        start_date: {
          type: 'string',
          title: 'Start date',
          description: 'The first hour to bring (UTC). Empty: the last 24 hours.',
          format: 'date-time',
          order: 2,
        },
      },
    },
  },
  check: async (config) => {
    settings(config);
  },
  discover: async (config) => {
    settings(config);
    return { streams: [...SAMPLE_STREAMS] };
  },
  read,
};

runConnectorProgram(sampleSource);
