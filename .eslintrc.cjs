// ESLint (eslintrc mode, run with ESLINT_USE_FLAT_CONFIG=false; see package.json "lint").
// Every folder under src/features is a feature; reading the folder keeps this list true.
const features = require('node:fs')
  .readdirSync(require('node:path').join(__dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

module.exports = {
  root: true,
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 2023, sourceType: 'module', ecmaFeatures: { jsx: true } },
  env: { browser: true, node: true, es2023: true },
  plugins: ['@typescript-eslint', 'react-hooks', 'import'],
  extends: ['eslint:recommended', 'plugin:@typescript-eslint/recommended', 'plugin:react-hooks/recommended'],
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    // PGlite's bundled WebAssembly glue is too deep for the import plugin's parser; no cycle
    // can run through a dependency anyway.
    'import/ignore': ['node_modules/@electric-sql/'],
  },
  ignorePatterns: ['dist/', 'node_modules/', 'data/', 'coverage/', 'public/'],
  rules: {
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    '@typescript-eslint/no-explicit-any': 'error',
    'import/no-cycle': ['error', { maxDepth: 10 }],
    // One-way flow: shared code -> features -> app. Features never import each other.
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          ...features.map((feature) => ({
            target: `./src/features/${feature}`,
            from: './src/features',
            except: [`./${feature}`],
            message: 'Feature folders may not import each other; move shared code to src/components or a shared module.',
          })),
          {
            target: ['./src/auth', './src/api', './src/config', './src/components', './src/analytics'],
            from: ['./src/features'],
            message: 'Shared modules may not depend on features.',
          },
        ],
      },
    ],
    'no-restricted-imports': [
      'error',
      {
        paths: [
          {
            name: 'react-redux',
            importNames: ['useSelector', 'useDispatch', 'useStore'],
            message: 'Use the typed hooks from src/app/hooks (useAppSelector, useAppDispatch, useAppStore).',
          },
        ],
      },
    ],
  },
  overrides: [
    {
      // The typed hooks themselves are built from the raw ones.
      files: ['src/app/store.ts'],
      rules: { 'no-restricted-imports': 'off' },
    },
    {
      files: ['__tests__/**', 'e2e/**', 'scripts/**'],
      env: { jest: true },
    },
  ],
};
