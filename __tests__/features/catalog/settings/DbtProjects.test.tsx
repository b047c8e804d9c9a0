// Catalog Settings' dbt projects: each project's current build, what it holds, the models of
// other projects it refs (those not uploaded said in words), who refs it, and deleting one
// after a confirmation that names the projects left with refs to it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DbtProject } from '@common/dbt/artifactsContract';
import { DbtProjectsSection } from '../../../../src/features/catalog/settings/DbtProjectsSection';
import { json } from '../../../helpers/fakeBackend';
import { ingestion } from '../../../helpers/dbtFixtures';
import { setUpPageTests } from '../../../helpers/pageTest';
import { renderWithRouter } from '../../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../../helpers/testStore';
import { serve } from '../observability/qualityFixtures';

setUpPageTests();

const platform: DbtProject = {
  name: 'platform',
  current: { ...ingestion, projectName: 'platform', origin: 'upload', dbtVersion: '1.10.2' },
  refs: [],
  referencedBy: ['finance'],
};
const finance: DbtProject = {
  name: 'finance',
  current: {
    ...ingestion,
    id: '9a7a6f1c-1a1b-4c7e-9d55-5b2b8f0f7a12',
    projectName: 'finance',
    origin: 'upload',
    counts: { ...ingestion.counts, models: 1, sources: 0, tests: 1, exposures: 1 },
  },
  refs: [
    { uniqueId: 'model.platform.dim_customers', name: 'dim_customers', projectName: 'platform', resolved: true },
    { uniqueId: 'model.marketing.campaigns', name: 'campaigns', projectName: 'marketing', resolved: false },
  ],
  referencedBy: [],
};

function start(deleteAnswer: () => ReturnType<typeof json> = () => ({ status: 204, data: '' }) as never) {
  let projects = [finance, platform];
  const requests = serve({
    'GET api/dbt/projects': () => json(200, { projects }),
    'DELETE api/dbt/projects/platform': () => {
      const answer = deleteAnswer();
      if (answer.status === 204) projects = [{ ...finance, refs: finance.refs.map((ref) => ({ ...ref, resolved: false })) }];
      return answer;
    },
  });
  renderWithRouter(makeSignedInStore(['user', 'admin']), [{ path: '/settings', element: <DbtProjectsSection /> }], '/settings');
  return requests;
}

it('lists each project with its build, what it holds, its cross-project refs and who refs it', async () => {
  start();
  const table = await screen.findByRole('table', { name: 'dbt projects' });
  const financeRow = within(table).getByRole('row', { name: /^finance/ });
  expect(financeRow).toHaveTextContent('Upload, dbt 1.9.4');
  expect(financeRow).toHaveTextContent('1 model, 0 sources, 1 test, 1 exposure');
  expect(financeRow).toHaveTextContent('2 models of marketing, platform');
  expect(financeRow).toHaveTextContent('Not uploaded here: campaigns (marketing)');
  const platformRow = within(table).getByRole('row', { name: /^platform/ });
  expect(platformRow).toHaveTextContent('dbt 1.10.2');
  expect(platformRow).toHaveTextContent('9 models, 6 sources, 24 tests, 3 exposures');
  expect(
    within(platformRow)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toContain('finance');
});

it('deletes a project after saying which projects ref it, and lists what is left', async () => {
  const requests = start();
  await userEvent.click(await screen.findByRole('button', { name: 'Delete the project platform' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete the dbt project platform?' });
  expect(dialog).toHaveTextContent('finance refs its models: their lineage will say those models are not uploaded.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(requests.map((request) => request.route)).toContain('DELETE api/dbt/projects/platform');
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete the project platform' })).toBeNull());
  expect(screen.getByRole('row', { name: /^finance/ })).toHaveTextContent(
    'Not uploaded here: dim_customers (platform), campaigns (marketing)',
  );
});

it('keeps the dialog open with the server’s reason when the delete is refused', async () => {
  start(() => json(403, { error: 'forbidden', message: 'Only catalog admins may delete a dbt project.' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Delete the project platform' }));
  const dialog = screen.getByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await within(dialog).findByText(/Only catalog admins may delete a dbt project\./)).toBeInTheDocument();
  expect(screen.getByRole('row', { name: /^platform/ })).toBeInTheDocument();
});

it('says so when no project has been ingested', async () => {
  serve({ 'GET api/dbt/projects': () => json(200, { projects: [] }) });
  renderWithRouter(makeSignedInStore(['user', 'admin']), [{ path: '/settings', element: <DbtProjectsSection /> }], '/settings');
  expect(await screen.findByText('No dbt project has been ingested yet.')).toBeInTheDocument();
});
