// Which assets dbt's own words certify, and which macro packages the catalog indexes.
import { isCertified } from '../../../../server/src/features/dbt/artifacts/certification';
import { isProjectMacroPackage } from '../../../../server/src/features/dbt/artifacts/macroPackages';
import { parseManifest } from '../../../../server/src/features/dbt/artifacts/manifest';
import { manifestOf } from './fixtures';

test('certified: true in meta (or the words true and yes), or the tag certified in any case', () => {
  expect(isCertified({ certified: true }, [])).toBe(true);
  expect(isCertified({ certified: 'True' }, [])).toBe(true);
  expect(isCertified({ certified: 'yes' }, [])).toBe(true);
  expect(isCertified({}, ['finance', 'Certified'])).toBe(true);
  expect(isCertified({ certified: false }, [])).toBe(false);
  expect(isCertified({ certified: 'no' }, [])).toBe(false);
  expect(isCertified({ certified: 1 }, [])).toBe(false);
  expect(isCertified({ certification: 'gold' }, ['certified_by_finance'])).toBe(false);
});

test('config.meta and config.tags count as much as meta and tags', () => {
  const manifest = manifestOf({ models: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] }) as { nodes: Record<string, { config: object }> };
  (manifest.nodes['model.shop.a'] as { config: object }).config = { materialized: 'table', meta: { certified: true } };
  (manifest.nodes['model.shop.b'] as { config: object }).config = { materialized: 'table', tags: 'certified' };
  const nodes = parseManifest(manifest).nodes;
  expect(Object.fromEntries(nodes.map((node) => [node.name, node.certified]))).toEqual({ a: true, b: true, c: false });
});

test("macros of the project and its installed packages are indexed; dbt's and the adapters' never", () => {
  expect(isProjectMacroPackage('jaffle_shop', 'snowflake')).toBe(true);
  expect(isProjectMacroPackage('dbt_utils', 'snowflake')).toBe(true);
  expect(isProjectMacroPackage('dbt_expectations', 'postgres')).toBe(true);
  expect(isProjectMacroPackage('dbt', 'postgres')).toBe(false);
  expect(isProjectMacroPackage('dbt_postgres', 'redshift')).toBe(false);
  expect(isProjectMacroPackage('dbt_snowflake', null)).toBe(false);
  // An adapter the list does not know is still recognised as the manifest's own.
  expect(isProjectMacroPackage('dbt_newwarehouse', 'newwarehouse')).toBe(false);
});
