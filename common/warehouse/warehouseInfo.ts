// Which warehouse an organisation has and how it is billed, as the warehouse API answers.

export type EngineKind = 'duckdb' | 'snowflake';

export const CURRENCY = 'USD' as const;

export const WAREHOUSE_SIZES = [
  'X-Small',
  'Small',
  'Medium',
  'Large',
  'X-Large',
  '2X-Large',
  '3X-Large',
  '4X-Large',
  '5X-Large',
  '6X-Large',
] as const;

export type WarehouseSize = (typeof WAREHOUSE_SIZES)[number];

export interface WarehouseInfo {
  organisation: string;
  engine: EngineKind;
  /** True for the embedded sample account (generated data, not a real Snowflake account). */
  sample: boolean;
  currency: typeof CURRENCY;
  pricePerCredit: number;
  storagePricePerTbMonth: number;
}
