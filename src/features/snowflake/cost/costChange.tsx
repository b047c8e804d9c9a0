// How a change against the comparison period reads on the Cost page: money with its sign and the
// share beside it ("+$120.00 (+14.6%)"), "new" when it cost nothing before. The change column
// keeps the raw difference for sorting and CSV.
import type { DataColumn } from '../../../components/dataColumn';
import { formatMoney, formatPercent } from '../../../components/format';

export function signedMoney(value: number, currency: string): string {
  return `${value > 0 ? '+' : ''}${formatMoney(value, currency)}`;
}

export function shareText(share: number | null): string {
  if (share === null) return 'new';
  return `${share > 0 ? '+' : ''}${formatPercent(share)}`;
}

/** "+$120.00 (+14.6%)"; "+$40.00 (new)" when it cost nothing before; "$0.00" when nothing moved. */
export function changeText(cost: number, previousCost: number, currency: string): string {
  const change = cost - previousCost;
  if (change === 0) return `${formatMoney(0, currency)} (no change)`;
  return `${signedMoney(change, currency)} (${shareText(previousCost > 0 ? change / previousCost : null)})`;
}

/** The change as two unbreakable halves, "+$120.00" and "(+14.6%)", so a narrow column wraps between them. */
export function ChangeText({ cost, previousCost, currency }: { cost: number; previousCost: number; currency: string }) {
  const change = cost - previousCost;
  if (change === 0) return <span className="text-nowrap">{changeText(cost, previousCost, currency)}</span>;
  return (
    <>
      <span className="text-nowrap">{signedMoney(change, currency)}</span>{' '}
      <span className="text-nowrap">({shareText(previousCost > 0 ? change / previousCost : null)})</span>
    </>
  );
}

/**
 * "Change vs previous period (USD)": the money moved since the comparison period, with its share.
 * Reads a row's `cost` and `previousCost` unless told which figures to compare.
 */
export function changeColumn<Row>(
  currency: string,
  now: (row: Row) => number = (row) => (row as { cost: number }).cost,
  before: (row: Row) => number = (row) => (row as { previousCost: number }).previousCost,
): DataColumn<Row> {
  return {
    id: 'change',
    header: `Change vs previous period (${currency})`,
    value: (row) => now(row) - before(row),
    numeric: true,
    cell: (row) => <ChangeText cost={now(row)} previousCost={before(row)} currency={currency} />,
  };
}
