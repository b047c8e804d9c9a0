import { addUtcDays, DAY_MS, startOfUtcDay, utcDayOf, utcDaysBetween } from '../../common/time/utcDay';

describe('UTC days', () => {
  it('names the UTC day of an instant, whatever its time', () => {
    expect(DAY_MS).toBe(24 * 60 * 60 * 1000);
    expect(utcDayOf(new Date('2026-03-29T23:59:59.999Z'))).toBe('2026-03-29');
    expect(utcDayOf(Date.UTC(2026, 2, 30))).toBe('2026-03-30');
  });

  it('starts a day at midnight UTC, from a day or an instant', () => {
    expect(startOfUtcDay('2026-02-28').toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(startOfUtcDay(new Date('2026-02-28T17:45:00Z')).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(startOfUtcDay(Date.UTC(1969, 11, 31, 6)).toISOString()).toBe('1969-12-31T00:00:00.000Z');
    expect(Number.isNaN(startOfUtcDay('2026-13-01').getTime())).toBe(true);
  });

  it('adds days across month, year and leap-day ends', () => {
    expect(addUtcDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addUtcDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addUtcDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addUtcDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addUtcDays('2026-05-05', 0)).toBe('2026-05-05');
  });

  it('counts whole days between two days', () => {
    expect(utcDaysBetween('2026-01-01', '2026-01-01')).toBe(0);
    expect(utcDaysBetween('2024-02-01', '2024-03-01')).toBe(29);
    expect(utcDaysBetween('2026-01-10', '2026-01-01')).toBe(-9);
    expect(utcDaysBetween('2025-01-01', '2026-01-01')).toBe(365);
  });
});
