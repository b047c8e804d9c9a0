// A week or month the data starts or ends inside is partial; days never are.
import { isPartial } from '../../../../server/src/features/catalog-governance/metricValues';

it('marks a month the data starts or ends inside', () => {
  expect(isPartial('month', '2026-09-01', '2026-09-14', '2026-11-27')).toBe(true);
  expect(isPartial('month', '2026-10-01', '2026-09-14', '2026-11-27')).toBe(false);
  expect(isPartial('month', '2026-11-01', '2026-09-14', '2026-11-27')).toBe(true);
  expect(isPartial('month', '2026-11-01', '2026-09-14', '2026-11-30')).toBe(false);
  expect(isPartial('month', '2024-02-01', '2024-01-01', '2024-02-29')).toBe(false);
});

it('marks a week the same way, and never a day', () => {
  expect(isPartial('week', '2026-11-23', '2026-01-01', '2026-11-27')).toBe(true);
  expect(isPartial('week', '2026-11-16', '2026-01-01', '2026-11-27')).toBe(false);
  expect(isPartial('day', '2026-11-27', '2026-11-27', '2026-11-27')).toBe(false);
  expect(isPartial('month', '2026-11-01', null, null)).toBe(false);
});
