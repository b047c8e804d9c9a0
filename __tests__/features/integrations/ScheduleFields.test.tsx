// The schedule fields in jsdom: a cron expression previewed as its next run times (UTC) while it
// is typed, and an expression that cannot be used said in words.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Schedule } from '@common/integrations/integrationsContract';
import { cronPreview } from '../../../src/features/integrations/cronPreview';
import { ScheduleFields } from '../../../src/features/integrations/ScheduleFields';

function Harness() {
  const [value, setValue] = useState<Schedule>({ kind: 'manual' });
  return <ScheduleFields value={value} onChange={setValue} />;
}

it('lists the next runs of a cron expression, in UTC, from a given time', () => {
  const preview = cronPreview('30 4 * * 1', 2, new Date('2026-11-24T12:00:00Z'));
  expect('runs' in preview && preview.runs.map((run) => run.toISOString())).toEqual([
    '2026-11-30T04:30:00.000Z',
    '2026-12-07T04:30:00.000Z',
  ]);
  expect(cronPreview('0 3 * *')).toEqual({
    problem: 'A cron schedule has five fields (minute hour day-of-month month day-of-week); this one has 4.',
  });
  expect(cronPreview('0 3 31 2 *')).toEqual({ problem: 'This schedule never runs.' });
});

it('previews the cron schedule at the field as it is typed', async () => {
  render(<Harness />);
  await userEvent.click(screen.getByLabelText('Cron expression (UTC)'));
  const field = screen.getByLabelText('Cron expression');
  expect(field).toHaveAccessibleDescription(/Next runs:.*03:00 UTC.*03:00 UTC.*03:00 UTC/);
  await userEvent.clear(field);
  await userEvent.type(field, '0 3 *');
  expect(field).toHaveAccessibleDescription(/this one has 3\./);
});
