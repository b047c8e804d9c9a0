// The assistant's answer to "why did my Snowflake bill go up?" (or "why are our costs higher",
// "what changed in the bill"): the figures themselves instead of an article about where to find
// them — this month so far against the same days of last month and the largest mover of each
// kind — with the Cost page as the place to read on. Only for those who may open the Cost page
// (the caller checks); everything else is answered by retrieval as before.
import type { AssistantPassage } from '@common/assistant/assistantContract';
import { appPaths } from '@common/paths';
import type { CostMover, CostMovers, MoverDimension } from '@common/warehouse/analyticsContract';

const BILL_WORDS = new Set(['bill', 'bills', 'billing', 'invoice', 'cost', 'costs', 'spend', 'spending', 'spent', 'charges', 'credits']);
const RISE_WORDS = new Set([
  'up',
  'why',
  'increase',
  'increased',
  'increases',
  'increasing',
  'higher',
  'more',
  'rise',
  'rose',
  'risen',
  'rising',
  'jump',
  'jumped',
  'grew',
  'grow',
  'grown',
  'growing',
  'spike',
  'spiked',
  'doubled',
  'change',
  'changed',
]);

/** Whether a question asks why the bill (cost, spend) went up or changed. */
export function asksAboutBill(question: string): boolean {
  const words = question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.some((word) => BILL_WORDS.has(word)) && words.some((word) => RISE_WORDS.has(word));
}

const DIMENSION_NAMES: Record<MoverDimension, string> = {
  warehouse: 'warehouse',
  user: 'user',
  pattern: 'query pattern',
  model: 'dbt model',
  tag: 'query tag',
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function money(value: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

function change(cost: number, previousCost: number, currency: string): string {
  const difference = cost - previousCost;
  const sign = difference > 0 ? '+' : '';
  const share = previousCost > 0 ? `${sign}${((difference / previousCost) * 100).toFixed(1)}%` : 'new';
  return `${sign}${money(difference, currency)} (${share})`;
}

/** "1–21 November 2026" for days of one month; "2026-10-25 to 2026-11-21" otherwise. */
function days(range: { from: string; to: string }): string {
  if (range.from.slice(0, 7) !== range.to.slice(0, 7)) return `${range.from} to ${range.to}`;
  const month = MONTHS[Number(range.to.slice(5, 7)) - 1] ?? '';
  return `${Number(range.from.slice(8))}–${Number(range.to.slice(8))} ${month} ${range.to.slice(0, 4)}`;
}

function moverText(dimension: MoverDimension, mover: CostMover, currency: string): string {
  const label = mover.label.length > 60 ? `${mover.label.slice(0, 59)}…` : mover.label;
  return `${DIMENSION_NAMES[dimension]} ${dimension === 'pattern' ? `"${label}"` : label} ${change(mover.cost, mover.previousCost, currency)}`;
}

/** The figures as one passage, linking to the Cost page. */
export function costPassage(movers: CostMovers): AssistantPassage {
  const { currency } = movers;
  const biggest = (Object.keys(DIMENSION_NAMES) as MoverDimension[])
    .map((dimension) => ({ dimension, mover: movers.movers[dimension][0] }))
    .filter((entry): entry is { dimension: MoverDimension; mover: CostMover } => entry.mover !== undefined);
  const nextDay = new Date(Date.parse(`${movers.range.to}T00:00:00Z`) + 86_400_000);
  const partial = movers.range.from.endsWith('-01') && nextDay.getUTCDate() !== 1 ? ', a partial month' : '';
  const headline =
    `This month so far (${days(movers.range)}${partial}) the bill is ${money(movers.totalCost, currency)}: ` +
    `${change(movers.totalCost, movers.previousTotalCost, currency)} against ${money(movers.previousTotalCost, currency)} ` +
    `over the same days of last month (${days(movers.previousRange)}).`;
  const moves =
    biggest.length > 0
      ? ` The largest moves: ${biggest.map(({ dimension, mover }) => moverText(dimension, mover, currency)).join('; ')}.`
      : '';
  return {
    // Not help content: the Cost page's own figures, as they are now.
    source: 'figures',
    id: 'cost-page-figures',
    title: 'Cost page: this month against last month',
    text: [{ text: `${headline}${moves} The Cost page lists every mover and links each to its queries.`, match: false }],
    link: appPaths.snowflakeCost,
  };
}
