import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassificationRecord, SuggestionRecord } from '../../../../common/catalog-governance/classificationsContract';
import ClassificationsPage from '../../../../src/features/catalog/governance/classifications/ClassificationsPage';
import { json } from '../../../helpers/fakeBackend';
import { setUpPageTests } from '../../../helpers/pageTest';
import { renderWithRouter } from '../../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../../helpers/testStore';
import { pickerRoutes } from '../catalogSearchFixture';
import { serve } from './governanceFixtures';

jest.mock('../../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));

setUpPageTests();

const PATH = '/app/data-catalog/governance/classifications';
const JOB = '5c0f3a0e-9e1b-4a57-8d7f-2a3b4c5d6e7f';
const SENSITIVE = '11111111-1111-4111-8111-111111111111';
const NON_SENSITIVE = '22222222-2222-4222-8222-222222222222';

const categories = (usage: number): ClassificationRecord[] => [
  {
    id: 'a1111111-1111-4111-8111-111111111111',
    name: 'PII',
    description: 'Personal data.',
    mutuallyExclusive: true,
    tags: [
      { id: NON_SENSITIVE, name: 'NonSensitive', description: '', usage: 0 },
      { id: SENSITIVE, name: 'Sensitive', description: 'Identifies a person.', usage },
    ],
  },
  {
    id: 'b1111111-1111-4111-8111-111111111111',
    name: 'Tier',
    description: 'How critical.',
    mutuallyExclusive: true,
    tags: [{ id: '33333333-3333-4333-8333-333333333333', name: 'Tier1', description: '', usage: 2 }],
  },
];

const suggestion: SuggestionRecord = {
  id: '44444444-4444-4444-8444-444444444444',
  nodeId: 'model.acme_shop.dim_customers',
  nodeName: 'dim_customers',
  columnName: 'email',
  tagId: SENSITIVE,
  tag: 'Sensitive',
  classification: 'PII',
  basis: 'name',
  evidence: 'column name contains "email"',
  state: 'pending',
  decidedBy: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

function start(roles: string[], editor: boolean) {
  let usage = 1;
  let pending = [suggestion];
  const requests = serve({
    ...pickerRoutes,
    'GET api/catalog/governance/classifications': () => json(200, { classifications: categories(usage), editor }),
    'GET api/catalog/governance/classifications/applications': () =>
      json(200, {
        total: 1,
        applications: [
          {
            tagId: SENSITIVE,
            tag: 'Sensitive',
            classification: 'PII',
            nodeId: 'model.acme_shop.stg_customers',
            nodeName: 'stg_customers',
            columnName: 'email',
            source: 'dbt',
            appliedBy: null,
          },
        ],
      }),
    'GET api/catalog/governance/classifications/suggestions': () =>
      json(200, { suggestions: pending, scan: { jobId: JOB, scannedAt: '2026-11-20T10:00:00.000Z' } }),
    [`GET api/jobs/${JOB}`]: () =>
      json(200, {
        job: {
          id: JOB,
          kind: 'catalog.governance.pii-scan',
          state: 'succeeded',
          progress: 1,
          message: null,
          error: null,
          attempts: 1,
          maxAttempts: 1,
          startedBy: null,
          cancelRequested: false,
          result: null,
          createdAt: '2026-11-20T10:00:00.000Z',
          runAt: '2026-11-20T10:00:00.000Z',
          startedAt: '2026-11-20T10:00:00.000Z',
          finishedAt: '2026-11-20T10:00:01.000Z',
        },
      }),
    'POST api/catalog/governance/classifications/applications': (request) => {
      const body = JSON.parse(String(request.data)) as { tagId: string };
      if (body.tagId === NON_SENSITIVE)
        return json(409, {
          error: 'conflict',
          field: 'tagId',
          message: 'PII is mutually exclusive: dim_customers.email already has PII.Sensitive; remove it before applying PII.NonSensitive.',
        });
      return json(204);
    },
    [`POST api/catalog/governance/classifications/suggestions/${suggestion.id}/decision`]: () => {
      pending = [];
      usage += 1;
      return json(204);
    },
  });
  renderWithRouter(makeSignedInStore(roles), [{ path: PATH, element: <ClassificationsPage /> }], PATH);
  return requests;
}

it('shows each category with its tags and usage; a tag opens where it applies, dbt mapping included', async () => {
  const user = userEvent.setup();
  start(['user', 'Client-dataworks-business-users'], false);
  const pii = await screen.findByRole('table', { name: 'Tags of PII' }, { timeout: 5000 });
  expect(within(pii).getByRole('row', { name: /PII.Sensitive/ })).toHaveTextContent('1');
  expect(screen.getAllByText(/^Mutually exclusive: one tag per asset or column/)).toHaveLength(2);
  expect(screen.queryByRole('form', { name: 'Apply a tag' })).not.toBeInTheDocument();
  await user.click(within(pii).getByRole('button', { name: 'PII.Sensitive' }));
  const where = await screen.findByRole('region', { name: 'Where PII.Sensitive applies' });
  expect(await within(where).findByRole('link', { name: 'stg_customers.email' })).toBeInTheDocument();
  expect(within(where).getByText('From dbt tags or meta')).toBeInTheDocument();
  expect(within(where).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
});

it('an editor applies a tag to an asset chosen by name; a second tag of a mutually exclusive category is refused with both named', async () => {
  const user = userEvent.setup();
  const requests = start(['user', 'Client-Dataworks-docs'], true);
  const form = await screen.findByRole('form', { name: 'Apply a tag' }, { timeout: 5000 });
  await user.selectOptions(within(form).getByLabelText('Tag'), NON_SENSITIVE);
  expect(within(form).getByLabelText('Column (optional)')).toBeDisabled();
  await user.type(within(form).getByRole('combobox', { name: 'Asset' }), 'dim_cust');
  await within(form).findByRole('option', { name: /dim_customers/ });
  await user.keyboard('{ArrowDown}');
  expect(await within(form).findByRole('option', { name: /dim_customers/, selected: true })).toBeInTheDocument();
  await user.keyboard('{Enter}');
  expect(within(form).getByRole('list', { name: 'Chosen: Asset' })).toHaveTextContent('dim_customers');
  await within(form).findByRole('option', { name: 'email' });
  await user.selectOptions(within(form).getByLabelText('Column (optional)'), 'email');
  await user.click(within(form).getByRole('button', { name: 'Apply' }));
  expect(await within(form).findByText(/PII is mutually exclusive: dim_customers.email already has PII.Sensitive/)).toBeInTheDocument();
  await user.selectOptions(within(form).getByLabelText('Tag'), SENSITIVE);
  await user.click(within(form).getByRole('button', { name: 'Apply' }));
  expect(await within(form).findByText('Applied to dim_customers.email.')).toBeInTheDocument();
  expect(
    requests
      .filter((request) => request.route === 'POST api/catalog/governance/classifications/applications')
      .map((request) => request.body),
  ).toEqual([
    { tagId: NON_SENSITIVE, nodeId: 'model.dataworks_demo.dim_customers', columnName: 'email' },
    { tagId: SENSITIVE, nodeId: 'model.dataworks_demo.dim_customers', columnName: 'email' },
  ]);
});

it('an editor accepts a suggested personal-data column; it leaves the list and the usage grows', async () => {
  const user = userEvent.setup();
  start(['user', 'Client-Dataworks-docs'], true);
  const panel = await screen.findByRole('region', { name: 'Suggested personal data' }, { timeout: 5000 });
  const row = await within(panel).findByRole('row', { name: /dim_customers.email/ });
  expect(row).toHaveTextContent('column name contains "email"');
  await user.click(within(row).getByRole('button', { name: 'Accept PII.Sensitive for dim_customers.email' }));
  await waitFor(() =>
    expect(
      within(screen.getByRole('region', { name: 'Suggested personal data' })).getByText('No suggestion waits for a decision.'),
    ).toBeInTheDocument(),
  );
  expect(within(screen.getByRole('table', { name: 'Tags of PII' })).getByRole('row', { name: /PII.Sensitive/ })).toHaveTextContent('2');
});
