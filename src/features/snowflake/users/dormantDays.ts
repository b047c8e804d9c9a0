// How long without a sign-in makes a user dormant: `?dormant=<days>`, 90 unless chosen.
import type { FilterField } from '../FilterForm';

export const DEFAULT_DORMANT_DAYS = 90;
const MAX_DORMANT_DAYS = 3650;

function parseDays(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const days = Number(value);
  return days >= 1 && days <= MAX_DORMANT_DAYS ? days : null;
}

export function dormantDaysOf(params: URLSearchParams): number {
  return parseDays(params.get('dormant')) ?? DEFAULT_DORMANT_DAYS;
}

export const dormantField: FilterField = {
  param: 'dormant',
  label: 'Dormant after (days)',
  type: 'number',
  min: 1,
  max: MAX_DORMANT_DAYS,
  placeholder: String(DEFAULT_DORMANT_DAYS),
  validate: (value) => (parseDays(value) === null ? `Enter a whole number of days from 1 to ${MAX_DORMANT_DAYS}.` : undefined),
};
