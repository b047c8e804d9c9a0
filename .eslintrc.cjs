// ESLint (eslintrc mode, run with ESLINT_USE_FLAT_CONFIG=false; see package.json "lint").
// The import zones below encode the layers of docs/architecture.md; reading the feature
// folders keeps the per-feature zones true as areas are added.
const fs = require('node:fs');
const path = require('node:path');

const foldersIn = (dir) =>
  fs
    .readdirSync(path.join(__dirname, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const browserFeatures = foldersIn('src/features');
const serverFeatures = foldersIn('server/src/features');

// A shell module's public face is its index.ts; everything else in it is internal.
const shellModules = ['layout', 'menu', 'auth', 'analytics'];

const zones = [
  // common/ is loaded by both runtimes: it imports nothing of either.
  {
    target: './common',
    from: ['./src', './server', './__tests__', './e2e', './scripts'],
    message: 'common/ holds what both runtimes share; it may not import the browser or the server.',
  },
  // The two runtimes meet only in common/.
  { target: './src', from: './server', message: 'The browser never imports server code; put the shared contract in common/.' },
  { target: './server', from: './src', message: 'The server never imports browser code; put the shared contract in common/.' },

  // Browser: common → shared (components, api, config, state) → shell (layout, menu, auth, analytics) → features → app.
  {
    target: ['./src/components', './src/api', './src/config', './src/state'],
    from: ['./src/layout', './src/menu', './src/auth', './src/analytics', './src/features', './src/app'],
    message: 'Shared browser code (components, api, config, state) may not depend on the shell, features or app.',
  },
  {
    target: shellModules.map((module) => `./src/${module}`),
    from: ['./src/features', './src/app'],
    message: 'The shell (layout, menu, auth, analytics) may not depend on features or on app/.',
  },
  ...browserFeatures.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Feature folders may not import each other; move shared code to src/components or common/.',
  })),
  ...shellModules.map((module) => ({
    target: './src/features',
    from: `./src/${module}`,
    except: ['./index.ts'],
    message: `Features use the shell through src/${module}/index.ts only.`,
  })),
  { target: './src/features', from: './src/app', message: 'Features may not depend on app/; app/ assembles them.' },
  {
    target: './src/demo-dashboard',
    from: ['./src/app', './src/features', './src/layout', './src/menu', './src/auth', './src/api'],
    message: 'The demo dashboard page is its own entry; it shares only common/ and components.',
  },

  // Server: common → platform (http, store, jobs, live) → features → app (composition, main).
  {
    target: './server/src/platform',
    from: [
      './server/src/features',
      './server/src/app',
      './server/src/connectors',
      './server/src/samples',
      './server/identity',
      './server/src/main.ts',
    ],
    message: 'Server platform code may not depend on features, app, connectors, samples or the identity server.',
  },
  ...serverFeatures.map((feature) => ({
    target: `./server/src/features/${feature}`,
    from: './server/src/features',
    except: [`./${feature}`],
    message: 'Server feature folders may not import each other; share through common/ or the platform.',
  })),
  // The server twin of the browser shell's index.ts rule: an area's face is its area.ts.
  ...serverFeatures.map((feature) => ({
    target: ['./server/src/app', './server/src/main.ts'],
    from: `./server/src/features/${feature}`,
    except: ['./area.ts', './migrations/index.ts'],
    message: `The app assembles areas from their faces: import server/src/features/${feature}/area.ts (and its migrations/index.ts) only.`,
  })),
  {
    target: './server/src/features',
    from: ['./server/src/app', './server/src/main.ts', './server/identity'],
    message: 'Server features may not depend on app/, main or the identity server.',
  },
  {
    target: './server/src/samples',
    from: ['./server/src/features', './server/src/app', './server/identity', './server/src/connectors', './server/src/main.ts'],
    message: 'The sample generators use common/ and the platform only; the areas that seed samples import them.',
  },
  {
    target: './server/src/connectors',
    from: ['./server/src/features', './server/src/app', './server/identity', './server/src/main.ts'],
    message: 'Connector programs run as their own processes: they use common/ and the platform only.',
  },
  {
    target: './server/identity',
    from: ['./server/src/features', './server/src/app', './server/src/platform', './server/src/main.ts'],
    message: 'The dev identity server stands alone (it can run as its own process).',
  },
];

module.exports = {
  root: true,
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 2023, sourceType: 'module', ecmaFeatures: { jsx: true } },
  env: { browser: true, node: true, es2023: true },
  plugins: ['@typescript-eslint', 'react-hooks', 'import'],
  // `prettier` last: formatting is Prettier's (npm run format), so no ESLint rule argues with it.
  extends: ['eslint:recommended', 'plugin:@typescript-eslint/recommended', 'plugin:react-hooks/recommended', 'prettier'],
  settings: {
    // TypeScript-aware resolution: the server's `.js` specifiers map to `.ts` files and
    // `@common/…` to common/, so the cycle and zone rules see every file of the repository.
    'import/resolver': {
      typescript: {
        project: ['tsconfig.json', 'src/tsconfig.json', 'server/tsconfig.json', 'common/tsconfig.json'],
        noWarnOnMultipleProjects: true,
      },
      node: { extensions: ['.ts', '.tsx', '.js'] },
    },
    'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    // PGlite's bundled WebAssembly glue is too deep for the import plugin's parser; no cycle
    // can run through a dependency anyway.
    'import/ignore': ['node_modules/'],
  },
  ignorePatterns: ['dist/', 'node_modules/', 'data/', 'coverage/', 'public/'],
  rules: {
    '@typescript-eslint/no-unused-vars': [
      'error',
      { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
    ],
    '@typescript-eslint/no-explicit-any': 'error',
    'import/no-unresolved': 'error',
    // Value cycles fail here. import/no-cycle skips `import type`, so type cycles (a type cycle is
    // a design cycle too) are caught by `npm run check:cycles` (dpdm), which lint runs after ESLint.
    'import/no-cycle': ['error', { maxDepth: Infinity, ignoreExternal: true }],
    'import/no-restricted-paths': ['error', { zones }],
    'no-restricted-imports': [
      'error',
      {
        paths: [
          {
            name: 'react-redux',
            importNames: ['useSelector', 'useDispatch', 'useStore'],
            message: 'Use the typed hooks from src/state/hooks (useAppSelector, useAppDispatch).',
          },
        ],
      },
    ],
  },
  overrides: [
    {
      // The typed hooks themselves are built from the raw ones.
      files: ['src/state/hooks.ts'],
      rules: { 'no-restricted-imports': 'off' },
    },
    {
      files: ['__tests__/**', 'e2e/**', 'scripts/**'],
      env: { jest: true },
    },
  ],
};
