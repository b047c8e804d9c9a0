import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import IncidentsPage from '../../../../src/features/catalog/observability/IncidentsPage';
import { json } from '../../../helpers/fakeBackend';
import { setUpPageTests } from '../../../helpers/pageTest';
import { renderWithRouter } from '../../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../../helpers/testStore';
import { detailOf, incident, listOf, serve } from './qualityFixtures';

// The live channel has its own tests; here nothing arrives on it.
jest.mock('../../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));

setUpPageTests();

const PATH = '/app/data-catalog/observability/incident-manager';
const ID = incident().id;

function start(roles: string[], path = PATH) {
  let current = incident({ passingSince: '2026-11-21T02:00:00.000Z' });
  const requests = serve({
    'GET api/catalog/incidents': () => json(200, listOf([current])),
    'GET api/catalog/incidents/metrics': () =>
      json(200, { domains: [{ domain: 'marts', incidents: 3, open: 1, medianAcknowledgeSeconds: 5400, medianResolveSeconds: 90_000 }] }),
    'GET api/catalog/incidents/members': () =>
      json(200, {
        members: [
          { subject: 'sub-admin', username: 'admin' },
          { subject: 'sub-docs', username: 'docs' },
        ],
      }),
    [`GET api/catalog/incidents/${ID}`]: () => json(200, detailOf(current)),
    [`POST api/catalog/incidents/${ID}/transitions`]: (request) => {
      const body = JSON.parse(String(request.data)) as { to: string; assignee?: string; reason?: string };
      if (current.state === 'resolved')
        return json(409, { error: 'conflict', message: `An incident that is resolved cannot be moved to ${body.to}.` });
      current = {
        ...current,
        state: body.to as typeof current.state,
        assignee: body.assignee ? { subject: body.assignee, username: body.assignee.replace('sub-', '') } : current.assignee,
        resolutionReason: (body.reason as typeof current.resolutionReason) ?? null,
      };
      return json(200, { incident: current });
    },
    [`POST api/catalog/incidents/${ID}/reopen`]: () => {
      current = { ...current, state: current.assignee ? 'assigned' : 'acknowledged', resolutionReason: null };
      return json(200, { incident: current });
    },
  });
  renderWithRouter(makeSignedInStore(roles), [{ path: PATH, element: <IncidentsPage /> }], path);
  return requests;
}

it('lists open incidents with their state, passing-again mark, severity and failing runs, and the response times per domain', async () => {
  const requests = start(['user', 'Client-Dataworks-docs']);
  const table = await screen.findByRole('table', { name: 'Incidents' });
  const row = within(table).getAllByRole('row')[1] as HTMLElement;
  expect(row).toHaveTextContent('not_null_fct_orders_customer_id');
  expect(row).toHaveTextContent('New');
  expect(row).toHaveTextContent('Passing again');
  expect(row).toHaveTextContent('marts');
  // The asset by its name, opening its page.
  expect(within(row).getByRole('link', { name: 'fct_orders' })).toHaveAttribute(
    'href',
    expect.stringContaining(encodeURIComponent('model.acme_shop.fct_orders')),
  );
  expect(row).not.toHaveTextContent('model.acme_shop');
  const metrics = await screen.findByRole('table', { name: 'Time to acknowledge and resolve per domain' });
  expect(within(metrics).getByRole('row', { name: /marts/ })).toHaveTextContent('1 h 30 min');
  expect(requests.map((request) => request.route)).toContain('GET api/catalog/incidents?page=1&pageSize=25');
});

it('acknowledges, assigns to a member, resolves with a reason and a comment (both asked for), and reopens; the timeline and state follow', async () => {
  const user = userEvent.setup();
  const requests = start(['user', 'Client-Dataworks-docs'], `${PATH}?incident=${ID}`);
  await user.click(await screen.findByRole('button', { name: 'Acknowledge' }));
  await waitFor(() => expect(screen.getByRole('region', { name: /Incident: / })).toHaveTextContent('Acknowledged'));
  await user.selectOptions(await screen.findByLabelText('Assign to'), 'sub-admin');
  await user.click(screen.getByRole('button', { name: 'Assign' }));
  await waitFor(() => expect(screen.getByText('Assignee', { selector: 'dt' }).nextSibling).toHaveTextContent('admin'));
  // Nothing is chosen for the person: resolving asks for a reason and a comment first.
  expect(screen.getByLabelText('Reason')).toHaveValue('');
  await user.click(screen.getByRole('button', { name: 'Resolve' }));
  expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription(/Choose why the incident is resolved/);
  await user.selectOptions(screen.getByLabelText('Reason'), 'false_positive');
  await user.click(screen.getByRole('button', { name: 'Resolve' }));
  expect(screen.getByLabelText('Comment')).toHaveAccessibleDescription(/Write a comment/);
  await user.type(screen.getByLabelText('Comment'), 'Expected duplicates');
  await user.click(screen.getByRole('button', { name: 'Resolve' }));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument());
  // A resolved incident can be reopened.
  await user.type(await screen.findByLabelText('Why reopen it (optional)'), 'Failing again for guests');
  await user.click(screen.getByRole('button', { name: 'Reopen' }));
  expect(await screen.findByRole('button', { name: 'Resolve' })).toBeInTheDocument();
  const posted = requests.filter((request) => request.route.startsWith('POST')).map((request) => [request.route, request.body]);
  expect(posted).toEqual([
    [`POST api/catalog/incidents/${ID}/transitions`, { to: 'acknowledged' }],
    [`POST api/catalog/incidents/${ID}/transitions`, { to: 'assigned', assignee: 'sub-admin' }],
    [`POST api/catalog/incidents/${ID}/transitions`, { to: 'resolved', reason: 'false_positive', comment: 'Expected duplicates' }],
    [`POST api/catalog/incidents/${ID}/reopen`, { comment: 'Failing again for guests' }],
  ]);
  expect(screen.getByRole('list', { name: 'Timeline' })).toHaveTextContent('Opened: the run answered fail with 12 failing rows');
});

it('shows business users the incident without the controls to change it', async () => {
  start(['user', 'Client-dataworks-business-users'], `${PATH}?incident=${ID}`);
  expect(await screen.findByText('Your role may look at incidents but not change them.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
});
