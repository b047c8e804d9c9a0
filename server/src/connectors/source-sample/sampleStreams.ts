// The streams of the sample-data source: the demo shop, CRM and web analytics whose raw tables
// (RAW_SHOP, RAW_CRM, RAW_EVENTS) the sample dbt project reads. Field names are those tables'
// columns, so a sync lands in them and moves their freshness.
import type { AirbyteStream } from '@common/integrations/airbyteProtocol';

const integer = { type: 'integer' };
const text = { type: ['null', 'string'] };
const time = { type: ['null', 'string'], format: 'date-time', airbyte_type: 'timestamp_without_timezone' };

const stream = (
  namespace: string,
  name: string,
  properties: Record<string, unknown>,
  cursor: string | null,
  key: string,
): AirbyteStream => ({
  name,
  namespace,
  json_schema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties },
  supported_sync_modes: cursor ? ['full_refresh', 'incremental'] : ['full_refresh'],
  ...(cursor ? { source_defined_cursor: true, default_cursor_field: [cursor], is_resumable: true } : {}),
  source_defined_primary_key: [[key]],
});

export const SAMPLE_STREAMS: readonly AirbyteStream[] = [
  stream(
    'raw_shop',
    'customers',
    { id: integer, first_name: text, last_name: text, email: text, country_code: text, created_at: time, _loaded_at: time },
    null,
    'id',
  ),
  stream(
    'raw_shop',
    'products',
    { id: integer, sku: text, name: text, category: text, price: { type: 'number' }, is_active: { type: 'boolean' }, _loaded_at: time },
    null,
    'id',
  ),
  stream(
    'raw_shop',
    'orders',
    { id: integer, customer_id: integer, ordered_at: time, status: text, shipping_country: text, _loaded_at: time },
    'ordered_at',
    'id',
  ),
  stream(
    'raw_shop',
    'order_items',
    { id: integer, order_id: integer, product_id: integer, quantity: integer, unit_price: { type: 'number' }, _loaded_at: time },
    '_loaded_at',
    'id',
  ),
  stream(
    'raw_shop',
    'payments',
    { id: integer, order_id: integer, payment_method: text, amount_cents: integer, created_at: time, _loaded_at: time },
    'created_at',
    'id',
  ),
  stream(
    'raw_crm',
    'support_tickets',
    { id: integer, customer_id: integer, opened_at: time, closed_at: time, channel: text, priority: text, status: text, subject: text },
    'opened_at',
    'id',
  ),
  stream(
    'raw_events',
    'web_events',
    {
      event_id: { type: 'string' },
      anonymous_id: text,
      customer_id: { type: ['null', 'integer'] },
      event_type: text,
      page_path: text,
      occurred_at: time,
      _loaded_at: time,
    },
    'occurred_at',
    'event_id',
  ),
];
