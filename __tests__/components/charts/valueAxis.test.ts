// Charts of counts tick in whole numbers, and an empty chart still has a sensible axis.
import { valueAxis } from '../../../src/components/charts/valueAxis';

const format = (value: number | string) => String(value);

it('gives counts whole-number ticks only', () => {
  expect(valueAxis([{ label: 'Failing rows', values: [3] }], false, format).ticks.precision).toBe(0);
  expect(valueAxis([{ label: 'Rows', values: [0, 2, 3] }], true, format)).toMatchObject({ stacked: true, beginAtZero: true });
});

it('leaves fractional figures (money, credits) to chart.js', () => {
  expect(valueAxis([{ label: 'Cost', values: [1.5, 3] }], false, format).ticks).not.toHaveProperty('precision');
});

it('draws 0 to 1 when there is nothing to show', () => {
  expect(valueAxis([{ label: 'Rows synced', values: [0, 0, 0] }], false, format).suggestedMax).toBe(1);
  expect(valueAxis([], false, format).suggestedMax).toBe(1);
  expect(valueAxis([{ label: 'Rows', values: [4] }], false, format)).not.toHaveProperty('suggestedMax');
});
