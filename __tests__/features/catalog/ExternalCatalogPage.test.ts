import { builtInPageFor, externalCatalogUrl } from '../../../src/features/catalog/ExternalCatalogPage';

it('opens the configured external catalog at the same path, each segment encoded', () => {
  expect(externalCatalogUrl('https://catalog.acme.example', 'explore', 'tables')).toBe('https://catalog.acme.example/explore/tables');
  expect(externalCatalogUrl('https://catalog.acme.example/om/', 'glossary')).toBe('https://catalog.acme.example/om/glossary');
  // A segment cannot climb out of the configured catalog or reach another host.
  expect(externalCatalogUrl('https://catalog.acme.example/om/', '..', '//evil.example')).toBe(
    'https://catalog.acme.example/om/%2F%2Fevil.example',
  );
  expect(new URL(externalCatalogUrl('https://catalog.acme.example/', '%2F%2Fevil.example')).host).toBe('catalog.acme.example');
});

it('answers with the matching built-in page when none is configured', () => {
  expect(builtInPageFor('lineage')).toBe('lineage');
  expect(builtInPageFor('tables')).toBe('assets');
  expect(builtInPageFor('explore')).toBe('explore');
  expect(builtInPageFor('anything-else')).toBe('explore');
});
