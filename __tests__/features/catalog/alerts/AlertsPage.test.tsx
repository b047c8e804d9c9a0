import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AlertDeliveryRecord, AlertRuleRecord } from '@common/catalog-alerts/alertsContract';
import AlertsPage from '../../../../src/features/catalog/alerts/AlertsPage';
import { json } from '../../../helpers/fakeBackend';
import { setUpPageTests } from '../../../helpers/pageTest';
import { renderWithRouter } from '../../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../../helpers/testStore';
import { pickerRoutes } from '../catalogSearchFixture';
import { serve } from '../observability/qualityFixtures';

jest.mock('../../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));

setUpPageTests();

const PATH = '/app/data-catalog/observability/alerts';

const savedRule: AlertRuleRecord = {
  id: '7d1f3c52-8f7e-4a7e-9d1f-0c1a2b3c4d5e',
  name: 'Failing marts tests',
  trigger: 'test_failure',
  filters: { assetIds: [], tags: ['marts'], domains: [], owners: [], maxSeverity: 2 },
  destinations: [
    { kind: 'in_app', roles: ['admin'] },
    { kind: 'webhook', url: 'https://hooks.slack.com/services/T0/B0/secret' },
  ],
  enabled: true,
  createdBy: 'docs',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const delivery = (overrides: Partial<AlertDeliveryRecord> = {}): AlertDeliveryRecord => ({
  id: '12',
  ruleId: savedRule.id,
  ruleName: savedRule.name,
  signalKind: 'test_failure',
  title: 'Test not_null_fct_orders_customer_id on fct_orders.customer_id failed',
  destinationKind: 'webhook',
  target: 'https://hooks.slack.com/services/T0/B…',
  isTest: false,
  status: 'failed',
  attempts: 4,
  lastError: 'The webhook answered 500.',
  responseStatus: 500,
  createdAt: '2026-11-21T02:00:00.000Z',
  finishedAt: '2026-11-21T02:02:00.000Z',
  ...overrides,
});

function start(roles: string[]) {
  let rules = [savedRule];
  let log = [delivery()];
  const requests = serve({
    ...pickerRoutes,
    'GET api/catalog/alerts/rules': () => json(200, { rules, mayEdit: roles.includes('Client-Dataworks-docs'), emailAvailable: false }),
    'POST api/catalog/alerts/rules': (request) => {
      const body = JSON.parse(String(request.data)) as AlertRuleRecord;
      const webhook = body.destinations.findIndex((destination) => destination.kind === 'webhook' && destination.url.includes('10.0.0.5'));
      if (webhook >= 0)
        return json(400, {
          error: 'invalid_request',
          message: '10.0.0.5 is not a public address; the catalog settings allow webhooks only to public hosts unless a host is listed.',
          field: `destinations.${webhook}.url`,
        });
      const rule = { ...savedRule, ...body, id: 'a1b2c3d4-0000-4000-8000-000000000001' };
      rules = [...rules, rule];
      return json(201, { rule });
    },
    [`POST api/catalog/alerts/rules/${savedRule.id}/test`]: () => {
      const sent = [
        delivery({
          id: '13',
          isTest: true,
          status: 'pending',
          attempts: 0,
          lastError: null,
          responseStatus: null,
          title: 'Test alert from the rule "Failing marts tests"',
        }),
      ];
      log = [...sent, ...log];
      return json(202, { deliveries: sent });
    },
    [`DELETE api/catalog/alerts/rules/${savedRule.id}`]: () => {
      rules = rules.filter((rule) => rule.id !== savedRule.id);
      return { status: 204, data: '' } as never;
    },
    'GET api/catalog/alerts/deliveries': () => json(200, { deliveries: log, nextBefore: null }),
  });
  renderWithRouter(makeSignedInStore(roles), [{ path: PATH, element: <AlertsPage /> }], PATH);
  return requests;
}

it('lists the rules with their trigger, filters and destinations, and the delivery log with its errors', async () => {
  start(['user', 'Client-Dataworks-docs']);
  const rules = await screen.findByRole('table', { name: 'Alert rules' });
  const row = within(rules).getByRole('row', { name: /Failing marts tests/ });
  expect(row).toHaveTextContent('A dbt test fails');
  expect(row).toHaveTextContent('tags marts; severity 2 or more severe');
  expect(row).toHaveTextContent('In-app notification (admin), Webhook (Slack-compatible) (hooks.slack.com)');
  const log = await screen.findByRole('table', { name: 'Alert deliveries, newest first' });
  const entry = within(log).getAllByRole('row')[1] as HTMLElement;
  expect(entry).toHaveTextContent('Failed');
  expect(entry).toHaveTextContent('Answered 500');
  expect(entry).toHaveTextContent('The webhook answered 500.');
  // The webhook's secret path never shows.
  expect(document.body).not.toHaveTextContent('secret');
});

it('creates a rule with filters and roles from pick-lists, showing the server refusal on the webhook field, and sends a test alert that appears in the log', async () => {
  const user = userEvent.setup();
  const requests = start(['user', 'Client-Dataworks-docs']);
  await user.click(await screen.findByRole('button', { name: 'New rule' }));
  const dialog = await screen.findByRole('dialog', { name: 'New alert rule' });
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(expect.stringContaining('Give the rule a name.'));
  await user.type(within(dialog).getByLabelText('Name'), 'Stale sources');
  await user.selectOptions(within(dialog).getByLabelText('When'), 'freshness_error');
  expect(dialog).not.toHaveTextContent('Client-Dataworks-docs)');
  // Filters come from the catalog: an asset by name, its tags, domains and owners from lists.
  await user.type(within(dialog).getByRole('combobox', { name: 'Assets' }), 'fct_orders');
  await user.click(await within(dialog).findByRole('option', { name: /fct_orders/ }));
  const domains = within(dialog).getByRole('combobox', { name: 'Domains' });
  await user.click(domains);
  expect(
    within(within(dialog).getByRole('listbox', { name: 'Domains' }))
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['martson 6 assets or columns', 'saleson 2 assets or columns']);
  await user.keyboard('{ArrowDown}{Enter}');
  await user.type(domains, 'sal');
  await user.keyboard('{ArrowDown}{Enter}');
  expect(within(dialog).getByRole('list', { name: 'Chosen: Domains' })).toHaveTextContent('martssales');
  await user.type(within(dialog).getByRole('combobox', { name: 'Tags' }), 'fin');
  await user.click(within(dialog).getByRole('option', { name: /finance/ }));
  await user.type(within(dialog).getByRole('combobox', { name: 'Owners' }), 'ann');
  await user.click(within(dialog).getByRole('option', { name: /ann/ }));
  // Roles in words, sent by their names.
  await user.type(within(dialog).getByRole('combobox', { name: 'Roles' }), 'data team');
  await user.click(within(dialog).getByRole('option', { name: /Data team/ }));
  expect(within(dialog).getByRole('list', { name: 'Chosen: Roles' })).toHaveTextContent('Data team');
  // E-mail is offered but cannot be chosen without an SMTP server.
  expect(within(dialog).getByLabelText(/E-mail \(needs an SMTP server/)).toBeDisabled();
  await user.click(within(dialog).getByLabelText('Webhook (Slack-compatible)'));
  await user.type(within(dialog).getByLabelText('Webhook address'), 'http://10.0.0.5/hook');
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  await waitFor(() =>
    expect(within(dialog).getByLabelText('Webhook address')).toHaveAccessibleDescription(
      expect.stringContaining('10.0.0.5 is not a public address'),
    ),
  );
  await user.clear(within(dialog).getByLabelText('Webhook address'));
  await user.type(within(dialog).getByLabelText('Webhook address'), 'https://hooks.slack.com/services/T1/B1/x');
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const posted = requests.filter((request) => request.route === 'POST api/catalog/alerts/rules').map((request) => request.body);
  expect(posted.at(-1)).toEqual({
    name: 'Stale sources',
    trigger: 'freshness_error',
    filters: {
      assetIds: ['model.dataworks_demo.fct_orders'],
      tags: ['finance'],
      domains: ['marts', 'sales'],
      owners: ['ann'],
      maxSeverity: null,
    },
    destinations: [
      { kind: 'in_app', roles: ['Client-Dataworks-docs'] },
      { kind: 'webhook', url: 'https://hooks.slack.com/services/T1/B1/x' },
    ],
    enabled: true,
  });
  expect(await screen.findByRole('row', { name: /Stale sources/ })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Send a test alert of Failing marts tests' }));
  expect(await screen.findByText(/Test alert of "Failing marts tests" queued for 1 destination;/)).toBeInTheDocument();
  const log = await screen.findByRole('table', { name: 'Alert deliveries, newest first' });
  await waitFor(() => expect(within(log).getAllByRole('row')[1]).toHaveTextContent('TestTest alert from the rule "Failing marts tests"'));
});

it('deletes a rule after asking', async () => {
  const user = userEvent.setup();
  start(['user', 'Client-Dataworks-docs']);
  await user.click(await screen.findByRole('button', { name: 'Delete Failing marts tests' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete the rule Failing marts tests?' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText(/No rules yet\. Create one/)).toBeInTheDocument();
});

it('shows business users the rules and the log without the controls to change them', async () => {
  start(['user', 'Client-dataworks-business-users']);
  expect(await screen.findByRole('table', { name: 'Alert rules' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'New rule' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Send a test alert/ })).not.toBeInTheDocument();
  expect(screen.getByText(/Your catalog admins set where webhooks may go\./)).toBeInTheDocument();
});
