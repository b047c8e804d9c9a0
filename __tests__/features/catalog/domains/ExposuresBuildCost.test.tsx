// The Consume exposures list with each exposure's build cost (cost per asset), for those who may
// see warehouse money; without that right the column is not there and nothing is asked.
import { screen, within } from '@testing-library/react';
import ExposuresPage from '../../../../src/features/consume/ExposuresPage';
import { exposure } from '../../../helpers/dbtFixtures';
import { json } from '../../../helpers/fakeBackend';
import { setUpPageTests } from '../../../helpers/pageTest';
import { renderWithRouter } from '../../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../../helpers/testStore';
import { serve } from '../observability/qualityFixtures';
import { window } from './domainsFixtures';

jest.mock('../../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));

setUpPageTests();

function start(roles: string[]) {
  const requests = serve({
    'GET api/exposures': () =>
      json(200, { exposures: [exposure('weekly_revenue'), exposure('ops_app')], asOf: '2026-11-23T06:00:00.000Z' }),
    'GET api/catalog/costs/exposures': () =>
      json(200, { window, exposures: [{ uniqueId: exposure('weekly_revenue').uniqueId, cost: 42.5, builds: 60, upstreamModels: 4 }] }),
  });
  renderWithRouter(makeSignedInStore(roles), [{ path: '/app/exposures', element: <ExposuresPage /> }], '/app/exposures');
  return requests;
}

it("shows each exposure's build cost over 30 days", async () => {
  start(['user', 'admin']);
  const table = await screen.findByRole('table', { name: 'Exposures' });
  const header = await within(table).findByRole('columnheader', { name: /Build cost \(30 days\)/ });
  expect(header).toBeInTheDocument();
  expect(within(table).getByRole('row', { name: /weekly_revenue/ })).toHaveTextContent('$42.50');
  expect(within(table).getByRole('row', { name: /ops_app/ })).toHaveTextContent('–');
});
