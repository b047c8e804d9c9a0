/** @jest-config-loader esbuild-register */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from 'jest';

// Pin the time zone so date formatting in tests gives the same answer on every machine.
process.env.TZ = 'UTC';

const tsJest: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: { jsx: 'react-jsx', module: 'commonjs', esModuleInterop: true, isolatedModules: true } }],
};

/**
 * Packages that ship ESM only, which jest (running tests as CommonJS) must compile: TanStack
 * Table, and react-markdown with the unified/micromark packages it is built from. The tree is
 * walked at start, so an upgrade that adds a package needs no change here; every package of it
 * is compiled, since some are ESM only in a nested copy (`unified/node_modules/is-plain-obj`).
 */
function dependencyTree(root: string): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    let manifest: { dependencies?: Record<string, string> };
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(__dirname, 'node_modules', name, 'package.json'), 'utf8'));
    } catch {
      return;
    }
    for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency);
  };
  visit(root);
  return [...seen];
}

const escaped = (names: string[]) => names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
// The connector spec form's library (rjsf) merges schemas with an ESM-only package, and its
// Bootstrap theme's CommonJS build takes react-bootstrap's modules as their default export; its
// ES modules, compiled here, import them the way webpack does.
const formLibraryTree = [...dependencyTree('@x0k/json-schema-merge'), '@rjsf/react-bootstrap'];
const esmPattern = `(?:${escaped(['@tanstack', ...dependencyTree('react-markdown'), ...formLibraryTree]).join('|')})`;
// The server's ESM-only packages jest loads: Keycloak's admin client and what it is built on,
// the one-time-code library's hashing and base32 packages (tests compute codes with it), and
// jose (the portal's token check, for suites that build the portal in the test process).
const serverEsmPattern = `(?:${escaped([...dependencyTree('@keycloak/keycloak-admin-client'), ...dependencyTree('otplib'), ...dependencyTree('jose')]).join('|')})`;

const config: Config = {
  // The migrated store and the settled portal the server tests start from (reused while what they depend on is unchanged).
  globalSetup: '<rootDir>/__tests__/setup/templates.cjs',
  // Suites that start a test portal wait behind the others while that template is being built.
  testSequencer: '<rootDir>/__tests__/setup/sequencer.cjs',
  // One worker per core (jest's default leaves one core idle): most suites wait on a portal
  // process, an identity server or the store as much as they compute.
  maxWorkers: '100%',
  // Many suites work on real parts (PGlite, DuckDB, a portal process): on a loaded 2-core machine a
  // hook that migrates a store or a test that generates a sample warehouse can pass jest's 5 s
  // default without anything being wrong. 30 s still ends a test that hangs; suites that need
  // more say so with jest.setTimeout.
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'browser',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/__tests__'],
      testMatch: ['<rootDir>/__tests__/**/*.test.ts?(x)'],
      testPathIgnorePatterns: ['<rootDir>/__tests__/server/'],
      transform: { ...tsJest, [`^.+/node_modules/${esmPattern}/.+\\.js$`]: '<rootDir>/__tests__/setup/esmToCommonJs.cjs' },
      transformIgnorePatterns: [`/node_modules/(?!${esmPattern}/)`],
      setupFilesAfterEnv: ['<rootDir>/__tests__/setup/browser.ts'],
      moduleNameMapper: {
        '\\.(css|scss)$': '<rootDir>/__tests__/setup/styleStub.ts',
        '^@common/(.*)$': '<rootDir>/common/$1',
        '^@rjsf/validator-ajv8$': '<rootDir>/__tests__/setup/unusedRjsfValidator.ts',
        '^@rjsf/react-bootstrap$': '<rootDir>/node_modules/@rjsf/react-bootstrap/lib/index.js',
      },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/__tests__/server'],
      testMatch: ['<rootDir>/__tests__/server/**/*.test.ts'],
      transform: { ...tsJest, [`^.+/node_modules/${serverEsmPattern}/.+\\.js$`]: '<rootDir>/__tests__/setup/esmToCommonJs.cjs' },
      transformIgnorePatterns: [`/node_modules/(?!${serverEsmPattern}/)`],
      // Server code names its relative imports `.js` (as Node's ESM resolution wants); jest
      // resolves the `.ts` file. `@common/…` is the shared contracts module (tsconfig.base.json).
      moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1', '^@common/(.*)$': '<rootDir>/common/$1' },
    },
  ],
};

export default config;
