import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import GlossaryPage from '../../../../src/features/catalog/governance/glossary/GlossaryPage';
import { setUpPageTests } from '../../../helpers/pageTest';
import { renderWithRouter } from '../../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../../helpers/testStore';
import { pickerRoutes } from '../catalogSearchFixture';
import { glossaryBackend, serve, term } from './governanceFixtures';

jest.mock('../../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));

setUpPageTests();

const PATH = '/app/data-catalog/governance/glossary';

function start(
  roles: string[],
  terms = [term('Revenue', { reviewers: ['admin'], synonyms: ['Turnover'] }), term('Margin', { status: 'approved' })],
  editor = true,
  username = 'admin',
) {
  const backend = glossaryBackend(terms, editor);
  const requests = serve(backend.routes);
  renderWithRouter(makeSignedInStore(roles, { preferred_username: username }), [{ path: PATH, element: <GlossaryPage /> }], PATH);
  return { requests, backend };
}

it('lists the glossary terms with status, synonyms and reviewers; a term opens with its definition rendered', async () => {
  const user = userEvent.setup();
  start(['user', 'Client-Dataworks-docs'], undefined, true, 'docs');
  const table = await screen.findByRole('table', { name: 'Terms of Sales' }, { timeout: 5000 });
  const revenue = within(table).getByRole('row', { name: /Revenue/ });
  expect(revenue).toHaveTextContent('Draft');
  expect(revenue).toHaveTextContent('Turnover');
  expect(revenue).toHaveTextContent('admin');
  expect(within(table).getByRole('row', { name: /Margin/ })).toHaveTextContent('Approved');
  await user.click(within(table).getByRole('button', { name: 'Revenue' }));
  const detail = await screen.findByRole('region', { name: 'Term: Revenue' });
  expect(within(detail).getByText('Revenue', { selector: 'strong' })).toBeInTheDocument();
  // docs submitted nothing yet and is no reviewer: it may only submit the term.
  expect(within(detail).getByRole('button', { name: 'Submit for review' })).toBeInTheDocument();
  expect(within(detail).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
});

it('a reviewer approves a term in review; its status and history follow', async () => {
  const user = userEvent.setup();
  const { requests } = start(['user', 'admin'], [term('Revenue', { reviewers: ['admin'], status: 'in_review', submittedBy: 'docs' })]);
  await user.click(await screen.findByRole('button', { name: 'Revenue' }, { timeout: 5000 }));
  const detail = await screen.findByRole('region', { name: 'Term: Revenue' });
  await user.type(within(detail).getByLabelText('Comment on your decision (optional)'), 'Matches finance.');
  await user.click(within(detail).getByRole('button', { name: 'Approve' }));
  await waitFor(() =>
    expect(
      within(screen.getByRole('region', { name: 'Term: Revenue' })).getByRole('list', { name: 'History of Revenue' }),
    ).toHaveTextContent('In review → Approved by admin'),
  );
  expect(requests.find((request) => request.route.endsWith('/transitions'))?.body).toEqual({ to: 'approved', comment: 'Matches finance.' });
  expect(within(screen.getByRole('table', { name: 'Terms of Sales' })).getByRole('row', { name: /Revenue/ })).toHaveTextContent('Approved');
});

it('an editor adds a term through the dialog; the server refusal of a taken name shows on the name field', async () => {
  const user = userEvent.setup();
  const { requests } = start(['user', 'Client-Dataworks-docs'], undefined, true, 'docs');
  await user.click(await screen.findByRole('button', { name: 'New term' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: 'New term in Sales' });
  await user.click(within(dialog).getByRole('button', { name: 'Save term' }));
  expect(within(dialog).getByText('Give the term a name.')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText(/^Name/), 'Revenue');
  await user.type(within(dialog).getByLabelText(/^Definition/), 'Money in.');
  await user.click(within(dialog).getByRole('button', { name: 'Save term' }));
  expect(await within(dialog).findByText(/already has a term named "Revenue"/)).toBeInTheDocument();
  await user.clear(within(dialog).getByLabelText(/^Name/));
  await user.type(within(dialog).getByLabelText(/^Name/), 'Net revenue');
  await user.type(within(dialog).getByLabelText(/^Synonyms/), 'Net sales; Net turnover');
  await user.click(within(dialog).getByLabelText('Revenue'));
  await user.click(within(dialog).getByRole('button', { name: 'Save term' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await screen.findByRole('region', { name: 'Term: Net revenue' })).toBeInTheDocument();
  const created = requests.filter((request) => request.route.startsWith('POST') && request.route.endsWith('/terms')).pop();
  expect(created?.body).toMatchObject({
    name: 'Net revenue',
    definition: 'Money in.',
    synonyms: ['Net sales', 'Net turnover'],
    relatedIds: [expect.any(String)],
  });
});

it('readers get no editing controls but may export the glossary', async () => {
  start(['user', 'Client-dataworks-business-users'], undefined, false, 'business');
  await screen.findByRole('table', { name: 'Terms of Sales' }, { timeout: 5000 });
  expect(screen.queryByRole('button', { name: 'New term' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
});

it('an editor imports a CSV; a refusal says which row and column', async () => {
  const user = userEvent.setup();
  start(['user', 'Client-Dataworks-docs'], undefined, true, 'docs');
  await screen.findByRole('table', { name: 'Terms of Sales' }, { timeout: 5000 });
  const file = new File(['name,definition\r\nA,a\r\nB,\r\n'], 'terms.csv', { type: 'text/csv' });
  await user.upload(screen.getByLabelText('CSV file of terms for Sales'), file);
  expect(await screen.findByText(/row 3, column definition/)).toBeInTheDocument();
});

it('an editor deletes a term after confirming; it leaves the list', async () => {
  const user = userEvent.setup();
  const { requests } = start(['user', 'Client-Dataworks-docs'], undefined, true, 'docs');
  await user.click(await screen.findByRole('button', { name: 'Margin' }, { timeout: 5000 }));
  const detail = await screen.findByRole('region', { name: 'Term: Margin' });
  await user.click(within(detail).getByRole('button', { name: 'Delete term' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Margin?' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete term' }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Term: Margin' })).not.toBeInTheDocument());
  expect(within(screen.getByRole('table', { name: 'Terms of Sales' })).queryByRole('button', { name: 'Margin' })).not.toBeInTheDocument();
  expect(requests.map((request) => request.route)).toContain(`DELETE api/catalog/governance/terms/${term('Margin').id}`);
});

it('an editor deletes a glossary after confirming', async () => {
  const user = userEvent.setup();
  start(['user', 'Client-Dataworks-docs'], undefined, true, 'docs');
  await user.click(await screen.findByRole('button', { name: 'Delete glossary' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete the glossary Sales?' });
  expect(dialog).toHaveTextContent('Its 2 terms go with it');
  await user.click(within(dialog).getByRole('button', { name: 'Delete glossary' }));
  expect(await screen.findByText('No glossary yet: add the first one below.')).toBeInTheDocument();
});

it('an editor links a term to an asset and column chosen by name; the link shows the name and the id is sent', async () => {
  const user = userEvent.setup();
  const backend = glossaryBackend([term('Revenue')], true);
  const requests = serve({ ...pickerRoutes, ...backend.routes });
  renderWithRouter(
    makeSignedInStore(['user', 'Client-Dataworks-docs'], { preferred_username: 'docs' }),
    [{ path: PATH, element: <GlossaryPage /> }],
    PATH,
  );
  await user.click(await screen.findByRole('button', { name: 'Revenue' }, { timeout: 5000 }));
  const form = await screen.findByRole('form', { name: 'Link Revenue to an asset' });
  await user.type(within(form).getByRole('combobox', { name: 'Asset' }), 'fct_orders');
  await user.click(await within(form).findByRole('option', { name: /fct_orders/ }));
  await within(form).findByRole('option', { name: 'order_total' });
  await user.selectOptions(within(form).getByLabelText('Column (optional)'), 'order_total');
  await user.click(within(form).getByRole('button', { name: 'Link' }));
  expect(await screen.findByRole('link', { name: 'fct_orders.order_total' })).toBeInTheDocument();
  expect(requests.find((request) => request.route.endsWith('/links'))?.body).toEqual({
    nodeId: 'model.dataworks_demo.fct_orders',
    columnName: 'order_total',
  });
  // The form is ready for the next link.
  expect(within(form).queryByRole('list', { name: 'Chosen: Asset' })).not.toBeInTheDocument();
});
