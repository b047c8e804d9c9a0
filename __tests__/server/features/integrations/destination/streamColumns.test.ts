import {
  castValue,
  columnName,
  columnType,
  streamColumns,
} from '../../../../../server/src/features/integrations/destination/streamColumns';

it("types columns the way Airbyte's destinations do", () => {
  expect(columnType({ type: ['null', 'integer'] })).toBe('integer');
  expect(columnType({ type: 'number', airbyte_type: 'integer' })).toBe('integer');
  expect(columnType({ type: 'string', format: 'date-time' })).toBe('timestamp_tz');
  expect(columnType({ type: 'string', format: 'date-time', airbyte_type: 'timestamp_without_timezone' })).toBe('timestamp');
  expect(columnType({ type: 'string', format: 'date' })).toBe('date');
  expect(columnType({ anyOf: [{ type: 'boolean' }, { type: 'null' }] })).toBe('boolean');
  expect(columnType({ type: ['integer', 'number'] })).toBe('number');
  expect(columnType({ type: ['string', 'integer'] })).toBe('json');
  expect(columnType({ type: 'object' })).toBe('json');
  expect(columnType({})).toBe('json');
});

it("names columns in the warehouse's unquoted form", () => {
  expect(columnName('customer_id')).toBe('CUSTOMER_ID');
  expect(columnName('Order Date')).toBe('ORDER_DATE');
  expect(columnName('2fa')).toBe('_2FA');
});

it("refuses two fields that would share a column, and Airbyte's own column names", () => {
  const stream = (properties: Record<string, unknown>) => ({
    name: 'orders',
    json_schema: { properties },
    supported_sync_modes: ['full_refresh' as const],
  });
  expect(() => streamColumns(stream({ 'order id': {}, order_id: {} }))).toThrow(
    'Stream orders: the fields "order id" and "order_id" would both become the column ORDER_ID.',
  );
  expect(() => streamColumns(stream({ _airbyte_raw_id: {} }))).toThrow(/Airbyte's own column _AIRBYTE_RAW_ID/);
});

it('casts values or says they do not fit', () => {
  expect(castValue('42', 'integer')).toBe(42);
  expect(castValue(4.2, 'integer')).toBeUndefined();
  expect(castValue('abc', 'number')).toBeUndefined();
  expect(castValue('false', 'boolean')).toBe(false);
  expect(castValue('2026-02-30', 'date')).toBeUndefined();
  // Leap days: every fourth year, but not centuries unless divisible by 400.
  expect(castValue('2028-02-29', 'date')).toBe('2028-02-29');
  expect(castValue('2000-02-29', 'date')).toBe('2000-02-29');
  expect(castValue('2100-02-29', 'date')).toBeUndefined();
  expect(castValue('2026-02-29', 'date')).toBeUndefined();
  expect(castValue('2026-04-31', 'date')).toBeUndefined();
  expect(castValue('2026-12-31', 'date')).toBe('2026-12-31');
  expect(castValue('2026-13-01', 'date')).toBeUndefined();
  expect(castValue('2026-00-10', 'date')).toBeUndefined();
  expect(castValue('2026-01-00', 'date')).toBeUndefined();
  expect(castValue('02/01/2026', 'date')).toBeUndefined();
  expect(castValue('2026-01-02', 'date')).toBe('2026-01-02');
  // ISO text goes through as it is (zone kept; a zone-less time is not moved into the server's zone).
  expect(castValue('2026-01-02T03:04:05+02:00', 'timestamp_tz')).toBe('2026-01-02T03:04:05+02:00');
  expect(castValue('2026-01-02 03:04:05.123', 'timestamp')).toBe('2026-01-02 03:04:05.123');
  expect(castValue('2026-02-30T10:00:00Z', 'timestamp_tz')).toBeUndefined();
  expect(castValue('2026-01-02T25:00:00Z', 'timestamp_tz')).toBeUndefined();
  expect(castValue('Fri, 02 Jan 2026 03:04:05 GMT', 'timestamp_tz')).toBe('2026-01-02T03:04:05.000Z');
  // Without seconds DuckDB would refuse the text: it is converted instead.
  expect(castValue('2026-01-02T03:04Z', 'timestamp_tz')).toBe('2026-01-02T03:04:00.000Z');
  expect(castValue(Date.UTC(2026, 0, 2), 'timestamp_tz')).toBe('2026-01-02T00:00:00.000Z');
  expect(castValue({ a: 1 }, 'string')).toBe('{"a":1}');
  expect(castValue(null, 'integer')).toBeNull();
});
