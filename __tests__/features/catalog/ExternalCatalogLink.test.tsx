// The Data Catalog links follow the organisation's own external catalog (Catalog Settings).
import { screen } from '@testing-library/react';
import ExternalCatalogPage from '../../../src/features/catalog/ExternalCatalogPage';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { serve } from './observability/qualityFixtures';

jest.mock('../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));

setUpPageTests();

const PATH = '/app/Data-Catalog/:subDomain/:subSubDomain?';

it("opens the organisation's external catalog at the same path", async () => {
  serve({ 'GET api/catalog/external-link': () => json(200, { url: 'https://catalog.acme.example/om/' }) });
  renderWithRouter(
    makeSignedInStore(['user', 'Client-Admin']),
    [{ path: PATH, element: <ExternalCatalogPage /> }],
    '/app/Data-Catalog/explore/tables',
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Opening the data catalog' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'https://catalog.acme.example/om/explore/tables' })).toHaveAttribute(
    'href',
    'https://catalog.acme.example/om/explore/tables',
  );
});

it("answers with the portal's own catalog when the organisation has none", async () => {
  serve({ 'GET api/catalog/external-link': () => json(200, { url: null }) });
  renderWithRouter(
    makeSignedInStore(['user', 'Client-Admin']),
    [{ path: PATH, element: <ExternalCatalogPage /> }],
    '/app/Data-Catalog/explore/tables',
  );
  expect(await screen.findByRole('note')).toHaveTextContent('No external catalog is configured, so the portal');
  expect(screen.queryByRole('heading', { name: 'Opening the data catalog' })).not.toBeInTheDocument();
});
