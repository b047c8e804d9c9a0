import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultGovernanceSettings } from '@common/catalog-governance/settingsContract';
import CatalogSettingsPage from '../../../../src/features/catalog/settings/CatalogSettingsPage';
import { json } from '../../../helpers/fakeBackend';
import { setUpPageTests } from '../../../helpers/pageTest';
import { renderWithRouter } from '../../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../../helpers/testStore';
import { serve } from '../observability/qualityFixtures';

jest.mock('../../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));

setUpPageTests();

const PATH = '/app/data-catalog/settings';

function start() {
  let tokens: unknown[] = [];
  const stored: Record<string, { settings: unknown; updatedBy: string | null; updatedAt: string | null }> = {
    freshness: { settings: { checkMinutes: 60 }, updatedBy: null, updatedAt: null },
    profiler: { settings: { sampleRows: 1_000_000 }, updatedBy: null, updatedAt: null },
    'external-catalog': { settings: { url: null }, updatedBy: null, updatedAt: null },
    webhooks: { settings: { allowedHosts: [] }, updatedBy: null, updatedAt: null },
  };
  const defaults: Record<string, unknown> = {
    freshness: { checkMinutes: 60 },
    profiler: { sampleRows: 1_000_000 },
    'external-catalog': { url: null },
    webhooks: { allowedHosts: [] },
  };
  const routes: Parameters<typeof serve>[0] = {
    'GET api/catalog/settings/artifact-sources': () =>
      json(200, {
        uploadPath: '/api/dbt/artifacts',
        uploadLimitBytes: 209_715_200,
        watchedFolder: null,
        watchedFolderExists: false,
        uploaderRole: 'dbt-uploader',
        recent: [{ id: 'i1', origin: 'sample', ingestedAt: '2026-11-24T08:00:00.000Z', projectName: 'dataworks_demo' }],
      }),
    'GET api/catalog/column-lineage/coverage': () => json(200, { projects: [] }),
    'GET api/dbt/projects': () => json(200, { projects: [] }),
    'GET api/catalog/governance/settings': () => json(200, { settings: defaultGovernanceSettings, updatedAt: null, updatedBy: null }),
    'GET api/dbt/upload-tokens': () => json(200, { tokens }),
    'POST api/dbt/upload-tokens': (request) => {
      const { name } = JSON.parse(String(request.data)) as { name: string };
      const record = {
        id: '0b7f6a4e-1111-4222-8333-444455556666',
        name,
        start: 'dwu_AbCdEf',
        createdBy: 'docs',
        createdAt: '2026-11-24T10:00:00.000Z',
        lastUsedAt: null,
      };
      tokens = [record, ...tokens];
      return json(201, { token: `dwu_AbCdEf${'x'.repeat(33)}`, record });
    },
    'DELETE api/dbt/upload-tokens/0b7f6a4e-1111-4222-8333-444455556666': () => {
      tokens = [];
      return { status: 204, data: '' } as never;
    },
  };
  for (const section of Object.keys(stored)) {
    routes[`GET api/catalog/settings/${section}`] = () => json(200, { ...stored[section], portalDefault: defaults[section] });
    routes[`PUT api/catalog/settings/${section}`] = (request) => {
      const body = JSON.parse(String(request.data)) as { url?: string };
      if (section === 'external-catalog' && body.url?.includes('internal'))
        return json(400, { error: 'invalid_request', message: 'url: must be an http:// or https:// address', field: 'url' });
      stored[section] = { settings: body, updatedBy: 'docs', updatedAt: '2026-11-24T10:00:00.000Z' };
      return json(200, { ...stored[section], portalDefault: defaults[section] });
    };
  }
  const requests = serve(routes);
  renderWithRouter(makeSignedInStore(['user', 'Client-Dataworks-docs']), [{ path: PATH, element: <CatalogSettingsPage /> }], PATH);
  return requests;
}

it('shows every section: artifact sources, column lineage, freshness, profiler, glossary editors, classification rules, webhooks, external catalog', async () => {
  start();
  expect(await screen.findByRole('heading', { level: 1, name: 'Catalog Settings' })).toBeInTheDocument();
  for (const name of [
    'Artifact sources',
    'Column lineage',
    'Freshness checks',
    'Profiler',
    'Glossary editors',
    'Alert webhooks',
    'External catalog',
  ]) {
    expect(await screen.findByRole('region', { name })).toBeInTheDocument();
  }
  const sources = screen.getByRole('region', { name: 'Artifact sources' });
  expect(await within(sources).findByText(/None: the portal watches no directory/)).toBeInTheDocument();
  expect(within(sources).getByRole('table', { name: 'Latest ingestions' })).toHaveTextContent('Sample project');
});

it('checks a value before saving it, saves it, and shows the server refusal on the field', async () => {
  const user = userEvent.setup();
  const requests = start();
  const freshness = await screen.findByRole('region', { name: 'Freshness checks' });
  const minutes = await within(freshness).findByLabelText('Minutes between checks');
  expect(minutes).toHaveAccessibleDescription(expect.stringContaining('Portal default: every 60 minutes.'));
  await user.clear(minutes);
  await user.type(minutes, 'often');
  await user.click(within(freshness).getByRole('button', { name: 'Save' }));
  expect(minutes).toHaveAccessibleDescription(expect.stringContaining('A whole number of minutes from 0 (no schedule) to 10080'));
  await user.clear(minutes);
  await user.type(minutes, '15');
  await user.click(within(freshness).getByRole('button', { name: 'Save' }));
  expect(await within(freshness).findByText('Saved.')).toBeInTheDocument();
  expect(requests.filter((request) => request.route.startsWith('PUT')).map((request) => [request.route, request.body])).toEqual([
    ['PUT api/catalog/settings/freshness', { checkMinutes: 15 }],
  ]);

  const external = screen.getByRole('region', { name: 'External catalog' });
  const address = await within(external).findByLabelText('External catalog address');
  await user.type(address, 'https://catalog.internal');
  await user.click(within(external).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(address).toHaveAccessibleDescription(expect.stringContaining('must be an http:// or https:// address')));
  await user.clear(address);
  await user.click(within(external).getByRole('button', { name: 'Save' }));
  expect(await within(external).findByText('Saved.')).toBeInTheDocument();
  expect(requests.filter((request) => request.route === 'PUT api/catalog/settings/external-catalog').at(-1)?.body).toEqual({ url: null });

  const profiler = screen.getByRole('region', { name: 'Profiler' });
  const rows = within(profiler).getByLabelText('Sample above (rows)');
  await user.clear(rows);
  await user.type(rows, '500');
  await user.click(within(profiler).getByRole('button', { name: 'Save' }));
  expect(rows).toHaveAccessibleDescription(expect.stringContaining('A whole number of rows from 1,000'));
});

it('makes an upload token, shows it once, and revokes it after asking', async () => {
  const user = userEvent.setup();
  const requests = start();
  const sources = await screen.findByRole('region', { name: 'Artifact sources' });
  expect(await within(sources).findByText(/No upload tokens\./)).toBeInTheDocument();
  await user.click(within(sources).getByRole('button', { name: 'Make token' }));
  expect(within(sources).getByLabelText('New upload token')).toHaveAccessibleDescription(
    expect.stringContaining('Name the token after the job'),
  );
  await user.type(within(sources).getByLabelText('New upload token'), 'GitHub Actions');
  await user.click(within(sources).getByRole('button', { name: 'Make token' }));
  expect(await within(sources).findByLabelText('The new upload token')).toHaveValue(`dwu_AbCdEf${'x'.repeat(33)}`);
  const row = await within(sources).findByRole('row', { name: /GitHub Actions/ });
  expect(row).toHaveTextContent('dwu_AbCdEf…');
  expect(row).toHaveTextContent('Never');
  await user.click(within(row).getByRole('button', { name: 'Revoke GitHub Actions' }));
  const dialog = await screen.findByRole('dialog', { name: 'Revoke the upload token GitHub Actions?' });
  await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
  expect(await within(sources).findByText(/No upload tokens\./)).toBeInTheDocument();
  expect(
    requests.filter((request) => request.route.startsWith('POST') || request.route.startsWith('DELETE')).map((request) => request.route),
  ).toEqual(['POST api/dbt/upload-tokens', 'DELETE api/dbt/upload-tokens/0b7f6a4e-1111-4222-8333-444455556666']);
});
