import {
  formatBytes,
  formatCredits,
  formatDateTime,
  formatDuration,
  formatMoney,
  formatPercent,
  formatSeconds,
} from '../../src/components/format';

it('formats money in the given currency with cents', () => {
  expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
  expect(formatMoney(-12, 'USD')).toBe('-$12.00');
  expect(formatMoney(10, 'EUR')).toBe('€10.00');
});

it('formats credits with one or two decimals', () => {
  expect(formatCredits(12)).toBe('12.0');
  expect(formatCredits(0.256)).toBe('0.26');
  expect(formatCredits(1500.5)).toBe('1,500.5');
});

it.each([
  [0, '0 ms'],
  [850, '850 ms'],
  [4_200, '4.2 s'],
  [42_000, '42 s'],
  [60_000, '1 min'],
  [192_000, '3 min 12 s'],
  [7_500_000, '2 h 5 min'],
  [90_000_000, '1 d 1 h'],
])('formats %d ms as %s', (ms, text) => {
  expect(formatDuration(ms)).toBe(text);
});

it('formats settings in seconds, bytes, shares and times', () => {
  expect(formatSeconds(600)).toBe('10 min');
  expect(formatSeconds(null)).toBe('Never');
  expect(formatBytes(0)).toBe('0 bytes');
  expect(formatBytes(1536)).toBe('1.5 KB');
  expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  expect(formatBytes(250 * 1024 ** 4)).toBe('250 TB');
  expect(formatPercent(0.425)).toBe('42.5%');
  expect(formatDateTime('2026-11-20T14:05:09.000Z')).toBe('2026-11-20 14:05 UTC');
  expect(formatDateTime(null)).toBe('–');
});
