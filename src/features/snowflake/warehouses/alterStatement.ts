// The ALTER WAREHOUSE a recommendation runs, written as the server writes it
// (server/src/warehouse/management/plan.ts), so the confirmation shows exactly what will run.
import type { AlterWarehouseChange, WarehouseSize } from '../../../api/warehouseTypes';

/** The keyword ALTER WAREHOUSE … SET WAREHOUSE_SIZE takes for each size (Snowflake's). */
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

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function alterStatement(change: AlterWarehouseChange): string {
  const parts: string[] = [];
  if (change.size !== undefined) parts.push(`WAREHOUSE_SIZE = ${SIZE_KEYWORDS[change.size]}`);
  if (change.autoSuspendSeconds !== undefined) parts.push(`AUTO_SUSPEND = ${change.autoSuspendSeconds}`);
  if (change.maxClusterCount !== undefined) parts.push(`MAX_CLUSTER_COUNT = ${change.maxClusterCount}`);
  return `ALTER WAREHOUSE ${quoteIdentifier(change.warehouseName)} SET ${parts.join(' ')}`;
}
