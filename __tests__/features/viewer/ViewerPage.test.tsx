import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiClient } from '../../../src/api/client';
import ViewerPage from '../../../src/features/viewer/ViewerPage';
import { sandboxFor } from '../../../src/features/viewer/dashboardEmbedding';
import { loadClientDashboards } from '../../helpers/clientDashboards';
import { installFakeAuthClient } from '../../helpers/fakeAuthClient';
import { fakeBackend, json, type Handler } from '../../helpers/fakeBackend';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { installTestConfig } from '../../helpers/testConfig';
import { makeSignedInStore } from '../../helpers/testStore';

const dashboards = [
  { name: 'Sales & Margin', url: 'https://bi.example.com/sales?region=eu', order: 0 },
  { name: 'Usage', url: 'http://localhost/demo-dashboards/acme/usage', order: 1 },
  { name: 'Sneaky', url: 'javascript:alert(1)', order: 2 },
];

async function openViewer(path: string, handler: Handler = () => json(200, { dashboards })) {
  apiClient.defaults.adapter = fakeBackend(handler).adapter;
  const store = makeSignedInStore();
  renderWithRouter(store, [{ path: '/app/viewer/:dashboardName', element: <ViewerPage /> }], path);
  await loadClientDashboards(store);
  return store;
}

const viewerPath = (name: string, url: string) => `/app/viewer/${encodeURIComponent(name)}?dashboard_url=${encodeURIComponent(url)}`;

beforeEach(() => {
  installTestConfig();
  installFakeAuthClient();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  // The `javascript:` entry is dropped from the list with a warning.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it('embeds a configured dashboard of another origin, keeping its origin, with no referrer', async () => {
  await openViewer(viewerPath('Sales & Margin', 'https://bi.example.com/sales?region=eu'));
  expect(screen.getByRole('heading', { level: 1, name: 'Sales & Margin' })).toBeInTheDocument();
  const frame = screen.getByTitle('Dashboard: Sales & Margin');
  expect(frame.tagName).toBe('IFRAME');
  expect(frame).toHaveAttribute('src', 'https://bi.example.com/sales?region=eu');
  expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups allow-downloads allow-same-origin');
  expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
  expect(screen.getByRole('link', { name: /Open in a new tab/ })).toHaveAttribute('rel', 'noopener noreferrer');
});

it('shows a loading state over the frame until the dashboard page has loaded', async () => {
  await openViewer(viewerPath('Sales & Margin', 'https://bi.example.com/sales?region=eu'));
  expect(screen.getByText('Loading Sales & Margin…')).toBeInTheDocument();
  fireEvent.load(screen.getByTitle('Dashboard: Sales & Margin'));
  expect(screen.queryByText('Loading Sales & Margin…')).toBeNull();
});

it("never lets a dashboard on the portal's own origin keep that origin (it would escape the sandbox)", async () => {
  await openViewer(viewerPath('Usage', 'http://localhost/demo-dashboards/acme/usage'));
  expect(window.location.origin).toBe('http://localhost');
  expect(screen.getByTitle('Dashboard: Usage')).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups allow-downloads');
  expect(sandboxFor('http://localhost:3000/x', 'http://localhost:3000')).not.toContain('allow-same-origin');
  expect(sandboxFor('http://localhost:8080/x', 'http://localhost:3000')).toContain('allow-same-origin');
});

it("refuses a url that is not one of the organisation's dashboards, with an explanation and no frame", async () => {
  await openViewer(viewerPath('Sales & Margin', 'https://evil.example.com/phish'));
  expect(screen.getByRole('heading', { name: 'This dashboard is not available' })).toBeInTheDocument();
  expect(document.querySelector('iframe')).toBeNull();
});

it('refuses a configured entry that is not an http(s) page', async () => {
  await openViewer(viewerPath('Sneaky', 'javascript:alert(1)'));
  expect(screen.getByRole('heading', { name: 'This dashboard is not available' })).toBeInTheDocument();
  expect(document.querySelector('iframe')).toBeNull();
});

it('says so when the organisation has no dashboards', async () => {
  await openViewer(viewerPath('Sales', 'https://bi.example.com/sales'), () => json(200, { dashboards: [] }));
  expect(screen.getByText('Your organisation has no dashboards configured yet.')).toBeInTheDocument();
  expect(document.querySelector('iframe')).toBeNull();
});

it('shows an error with a Retry when the dashboards cannot be loaded, then the dashboard', async () => {
  let down = true;
  await openViewer(viewerPath('Sales & Margin', 'https://bi.example.com/sales?region=eu'), () =>
    down ? json(503, { error: 'unavailable', message: 'The service is restarting.' }) : json(200, { dashboards }),
  );
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent("Your organisation's dashboards could not be loaded");
  expect(alert).toHaveTextContent('The service is restarting.');
  expect(document.querySelector('iframe')).toBeNull();

  down = false;
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByTitle('Dashboard: Sales & Margin')).toBeInTheDocument();
});

it("says in words when the portal's own policy refuses the frame (a site added since the page loaded), with a reload", async () => {
  await openViewer(viewerPath('Sales & Margin', 'https://bi.example.com/sales?region=eu'));
  // Another site's refusal is not this dashboard's.
  const other = Object.assign(new Event('securitypolicyviolation'), {
    effectiveDirective: 'frame-src',
    blockedURI: 'https://else.example.org/x',
  });
  fireEvent(document, other);
  expect(screen.getByTitle('Dashboard: Sales & Margin')).toBeInTheDocument();

  const refusal = Object.assign(new Event('securitypolicyviolation'), {
    effectiveDirective: 'frame-src',
    blockedURI: 'https://bi.example.com/sales?region=eu',
  });
  fireEvent(document, refusal);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent("This dashboard can't be shown inside the portal yet.");
  expect(within(alert).getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  expect(within(alert).getByRole('link', { name: 'Open Sales & Margin in a new tab' })).toHaveAttribute(
    'href',
    'https://bi.example.com/sales?region=eu',
  );
  expect(document.querySelector('iframe')).toBeNull();
});
