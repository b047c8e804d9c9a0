// How figures read on the warehouse pages: money in the account's currency, credits with one
// or two decimals, durations and sizes in words a person reads at a glance. Formatters are
// built once per currency: Intl.NumberFormat is costly to construct.

const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(value: number, currency: string): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormats.set(currency, format);
  }
  return format.format(value);
}

const creditsFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/** Credits with one or two decimals ("12.5", "0.25"). */
export function formatCredits(value: number): string {
  return creditsFormat.format(value);
}

const countFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

export function formatCount(value: number): string {
  return countFormat.format(value);
}

const decimalFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A small ratio such as an average load ("0.35"). */
export function formatDecimal(value: number): string {
  return decimalFormat.format(value);
}

const percentFormat = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });

/** A share from 0 to 1 as a percentage ("42.5%"). */
export function formatPercent(share: number): string {
  return percentFormat.format(share);
}

/** Milliseconds in the largest units that matter: "850 ms", "4.2 s", "3 min 12 s", "2 h 5 min". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
  const totalSeconds = Math.round(seconds);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const rest = totalSeconds % 60;
  if (hours === 0) return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
  if (hours < 24) return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  return restHours === 0 ? `${days} d` : `${days} d ${restHours} h`;
}

/** Auto-suspend and similar settings given in whole seconds; null = never. */
export function formatSeconds(seconds: number | null): string {
  return seconds === null ? 'Never' : formatDuration(seconds * 1000);
}

const BYTE_UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** Bytes in binary units, as Snowflake's own pages show them ("1.5 GB"). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), BYTE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${exponent === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${BYTE_UNITS[exponent]}`;
}

/** An ISO time from the warehouse (UTC) as "2026-11-20 14:05 UTC"; the data's days are UTC days. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '–';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
