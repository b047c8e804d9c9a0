import type { WarehouseSize } from '@common/warehouse/warehouseInfo';
import { WAREHOUSE_SIZES } from '@common/warehouse/warehouseInfo';
/**
 * Snowflake's billing rules as the portal applies them (standard warehouses):
 * - credits per hour double with each size, X-Small 1 … 6X-Large 512;
 * - per-second billing with a 60-second minimum each time a warehouse resumes;
 * - cloud services are billed only for the part above 10% of the day's compute credits;
 * - storage is billed per TB-month of average bytes (database + fail-safe).
 * The sample generator bills with these functions' SQL twins; the tests check one against the other.
 */

/** The keyword ALTER WAREHOUSE … SET WAREHOUSE_SIZE takes for each size. */
const SIZE_KEYWORDS: Record<WarehouseSize, string> = {
  'X-Small': 'XSMALL',
  Small: 'SMALL',
  Medium: 'MEDIUM',
  Large: 'LARGE',
  'X-Large': 'XLARGE',
  '2X-Large': 'XXLARGE',
  '3X-Large': 'XXXLARGE',
  '4X-Large': 'X4LARGE',
  '5X-Large': 'X5LARGE',
  '6X-Large': 'X6LARGE',
};

export const MINIMUM_BILLED_SECONDS = 60;
export const CLOUD_SERVICES_FREE_SHARE = 0.1;
/** Default storage price, USD per TB-month (Snowflake's on-demand rate in AWS US regions is 23–40; capacity contracts ~23). */
export const DEFAULT_STORAGE_PRICE_PER_TB_MONTH = 23;
export const DEFAULT_PRICE_PER_CREDIT = 3;
/** Snowflake counts storage in binary terabytes. */
export const BYTES_PER_TB = 1024 ** 4;

export function isWarehouseSize(value: string): value is WarehouseSize {
  return (WAREHOUSE_SIZES as readonly string[]).includes(value);
}

/** Accepts the display form ('X-Small', '2X-Large'), the keyword form ('XSMALL', 'XXLARGE', 'X2LARGE'), any case. */
export function parseWarehouseSize(value: string): WarehouseSize | null {
  const key = value.replace(/[\s_-]/g, '').toUpperCase();
  for (const size of WAREHOUSE_SIZES) {
    const display = size.replace(/-/g, '').toUpperCase();
    const keyword = SIZE_KEYWORDS[size];
    const numbered = keyword.replace(/^X{2,3}/, (x) => `X${x.length}`); // XXLARGE -> X2LARGE
    if (key === display || key === keyword || key === numbered) return size;
  }
  return null;
}

export function sizeKeyword(size: WarehouseSize): string {
  return SIZE_KEYWORDS[size];
}

export function creditsPerHour(size: WarehouseSize): number {
  return 2 ** WAREHOUSE_SIZES.indexOf(size);
}

export function sizeStep(size: WarehouseSize, step: -1 | 1): WarehouseSize | null {
  return WAREHOUSE_SIZES[WAREHOUSE_SIZES.indexOf(size) + step] ?? null;
}

/** Seconds billed for one resume-to-suspend run: whole seconds, at least 60. */
export function billedSeconds(runSeconds: number): number {
  return Math.max(MINIMUM_BILLED_SECONDS, Math.ceil(runSeconds));
}

/** Credits of one run of a single-cluster warehouse. */
export function runCredits(size: WarehouseSize, runSeconds: number): number {
  return (billedSeconds(runSeconds) * creditsPerHour(size)) / 3600;
}

export interface DailyCloudServices {
  computeCredits: number;
  cloudServicesCredits: number;
  /** Negative: the free part, min(cloud services, 10% of compute). */
  adjustment: number;
  billedCloudServices: number;
  billedCredits: number;
}

/** METERING_DAILY_HISTORY's arithmetic for one day. */
export function dailyCloudServices(computeCredits: number, cloudServicesCredits: number): DailyCloudServices {
  const adjustment = -Math.min(cloudServicesCredits, CLOUD_SERVICES_FREE_SHARE * computeCredits);
  const billedCloudServices = cloudServicesCredits + adjustment;
  return {
    computeCredits,
    cloudServicesCredits,
    adjustment,
    billedCloudServices,
    billedCredits: computeCredits + billedCloudServices,
  };
}

/** USD of one day's average storage at `pricePerTbMonth`, pro rata over the days of that month. */
export function dailyStorageCost(bytes: number, daysInMonth: number, pricePerTbMonth: number): number {
  return ((bytes / BYTES_PER_TB) * pricePerTbMonth) / daysInMonth;
}

export type { WarehouseSize };
export { WAREHOUSE_SIZES };
