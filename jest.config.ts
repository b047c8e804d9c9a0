/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// Pin the time zone so date formatting in tests gives the same answer on every machine.
process.env.TZ = 'UTC';

const tsJest: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: { jsx: 'react-jsx', module: 'commonjs', esModuleInterop: true }, isolatedModules: true }],
};

const config: Config = {
  projects: [
    {
      displayName: 'browser',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/__tests__'],
      testMatch: ['<rootDir>/__tests__/**/*.test.ts?(x)'],
      testPathIgnorePatterns: ['<rootDir>/__tests__/server/'],
      transform: { ...tsJest, '^.+/node_modules/@tanstack/.+\\.js$': '<rootDir>/__tests__/setup/esmToCommonJs.cjs' },
      // TanStack Table v9 ships ESM only; every other package has a CommonJS build.
      transformIgnorePatterns: ['/node_modules/(?!@tanstack/)'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/setup/browser.ts'],
      moduleNameMapper: {
        '\\.(css|scss)$': '<rootDir>/__tests__/setup/styleStub.ts',
        '^@common/(.*)$': '<rootDir>/common/$1',
      },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/__tests__/server'],
      testMatch: ['<rootDir>/__tests__/server/**/*.test.ts'],
      transform: tsJest,
      // Server code names its relative imports `.js` (as Node's ESM resolution wants); jest
      // resolves the `.ts` file. `@common/…` is the shared contracts module (tsconfig.base.json).
      moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1', '^@common/(.*)$': '<rootDir>/common/$1' },
    },
  ],
};

export default config;
