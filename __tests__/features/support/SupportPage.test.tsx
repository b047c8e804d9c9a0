// The ticket list and the new-ticket form in jsdom: a requester's and staff's views, the search
// and filters in the address sent to the server, the form's own checks, its pre-filling from the
// address (never sent by itself) and the layout settings sent only with consent.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SupportPage from '../../../src/features/support/SupportPage';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer, type WorkspaceServer } from '../../helpers/workspaceServer';
import { requesterTicket, summary, TICKET_ID } from './supportFixtures';

setUpPageTests();

let server: WorkspaceServer;
function start(roles: string[], path = '/app/support', staff = false) {
  server = connectWorkspaceServer({
    'GET api/support/tickets': json(200, {
      tickets: [
        summary(),
        summary({
          id: 'b1',
          number: 13,
          subject: 'Cost page slow',
          priority: 'low',
          status: 'pending',
          assignee: { subject: 's', username: 'assured' },
        }),
      ],
      total: 2,
      page: 1,
      pageSize: 25,
      staff,
    }),
    'POST api/support/tickets': json(201, { ticket: requesterTicket() }),
  });
  return renderWithRouter(
    makeSignedInStore(roles),
    [
      { path: '/app/support', element: <SupportPage /> },
      { path: '/app/support/tickets/:ticketId', element: <h1>Ticket page</h1> },
    ],
    path,
  );
}

it('a requester sees their tickets with status, priority and target badges, linking to each ticket', async () => {
  start(['user', 'Integration_Engineer']);
  expect(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Support tickets' });
  expect(within(table).queryByRole('columnheader', { name: 'Requester' })).toBeNull();
  const row = within(table).getByRole('row', { name: /#12 Freshness page is empty/ });
  expect(within(row).getByRole('link', { name: '#12 Freshness page is empty' })).toHaveAttribute(
    'href',
    `/app/support/tickets/${TICKET_ID}`,
  );
  expect(row).toHaveTextContent('Open');
  expect(row).toHaveTextContent('High');
  expect(row).toHaveTextContent(/First response (due|overdue)/);
  expect(screen.getByRole('heading', { name: 'Your tickets' })).toBeInTheDocument();
  expect(screen.queryByLabelText('Assignee')).toBeNull();
});

it('staff see the requester column and the assignee filter; search and filters go to the server', async () => {
  start(['user', 'assured'], '/app/support', true);
  const table = await screen.findByRole('table', { name: 'Support tickets' });
  expect(within(table).getByRole('columnheader', { name: 'Requester' })).toBeInTheDocument();
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search tickets' }), 'freshness empty');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  await userEvent.selectOptions(screen.getByLabelText('Assignee'), 'Unassigned');
  await userEvent.selectOptions(screen.getByLabelText('Priority'), 'High');
  await waitFor(() =>
    expect(server.requests).toContain('GET api/support/tickets?q=freshness+empty&priority=high&assignee=unassigned&pageSize=25'),
  );
});

it('the new-ticket form checks its fields, sends layout settings only with consent, then opens the ticket', async () => {
  start(['user', 'Integration_Engineer']);
  await userEvent.click(await screen.findByRole('button', { name: 'New ticket' }));
  await userEvent.click(screen.getByRole('button', { name: 'Send ticket' }));
  expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveAccessibleDescription('must not be empty');
  expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(/must not be empty/);
  expect(server.bodies).toEqual([]);

  expect(screen.getByRole('checkbox', { name: 'Include my layout settings' })).not.toBeChecked();
  await userEvent.type(screen.getByRole('textbox', { name: 'Subject' }), 'Freshness page is empty');
  await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Nothing shows.');
  await userEvent.selectOptions(within(screen.getByRole('form', { name: 'New ticket' })).getByLabelText('Priority'), 'High');
  await userEvent.click(screen.getByRole('button', { name: 'Send ticket' }));
  expect(await screen.findByRole('heading', { name: 'Ticket page' })).toBeInTheDocument();
  const sent = server.bodies[0]?.body as Record<string, unknown>;
  expect(sent).toEqual({ subject: 'Freshness page is empty', description: 'Nothing shows.', category: 'question', priority: 'high' });
});

it('with consent, the current layout settings go with the ticket', async () => {
  start(['user', 'Integration_Engineer']);
  await userEvent.click(await screen.findByRole('button', { name: 'New ticket' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Subject' }), 'Menu looks odd');
  await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'See my layout.');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Include my layout settings' }));
  await userEvent.click(screen.getByRole('button', { name: 'Send ticket' }));
  await screen.findByRole('heading', { name: 'Ticket page' });
  const sent = server.bodies[0]?.body as { layoutSettings: Record<string, unknown> };
  expect(sent.layoutSettings).toMatchObject({ layout: 'vertical', rtlLayout: false });
  expect(sent.layoutSettings).not.toHaveProperty('isOpen');
});

it('?subject=…&description=… fills the form in (checked like typed text) and never sends it by itself', async () => {
  const long = 'x'.repeat(205);
  start(
    ['user', 'Integration_Engineer'],
    `/app/support?subject=${encodeURIComponent(long)}&description=${encodeURIComponent('Assistant: no article matched.\nMe: the cost page is blank')}`,
  );
  // The form opens once the page has loaded; a loaded machine may take longer than a second.
  const subject = await screen.findByRole('textbox', { name: 'Subject' }, { timeout: 10_000 });
  await waitFor(() => expect(subject).toHaveValue(long), { timeout: 10_000 });
  expect(subject).toHaveAccessibleDescription(/must be at most 200 characters/);
  expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Assistant: no article matched.\nMe: the cost page is blank');
  expect(screen.getByText(/Filled in from your conversation with the help assistant/)).toBeInTheDocument();
  // The form is filled in: anything sent on its own would have gone with the filling. Let the
  // answers already given settle inside act (React warns otherwise), then check nothing was sent.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(server.bodies).toEqual([]);
});

it('links the other places to get help that the user may open', async () => {
  start(['user', 'Integration_Engineer']);
  const help = screen.getByRole('navigation', { name: 'Other ways to get help' });
  expect(within(help).getByRole('link', { name: 'Frequently asked questions' })).toHaveAttribute('href', '/app/faq');
  expect(within(help).getByRole('link', { name: 'Ask your colleagues in Hive' })).toHaveAttribute('href', '/app/hive');
  // Feature requests are for the organisation's administrators.
  expect(within(help).queryByRole('link', { name: 'Feature requests' })).toBeNull();
  // The page's list has settled before the test ends (its answer would otherwise land after it).
  expect(await screen.findByRole('table', { name: 'Support tickets' })).toBeInTheDocument();
});
