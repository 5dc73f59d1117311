// One jest configuration for every package: `jest` runs them all,
// `jest --selectProjects rules` one of them.
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }];

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'rules',
      rootDir: '<rootDir>/packages/rules',
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper: {
        '^@lames/rules/scenarios$': '<rootDir>/src/scenarios/index.ts',
        '^@lames/rules/testing$': '<rootDir>/src/testing/index.ts',
      },
      testEnvironment: 'node',
    },
    {
      displayName: 'server',
      rootDir: '<rootDir>/packages/server',
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
      transform: {
        '^.+\\.ts$': tsJest,
        // ESM-only dependencies of @colyseus/core's CommonJS build (see the transformer).
        '/node_modules/rou3/.+\\.mjs$': '<rootDir>/test/support/esm-to-cjs.cjs',
      },
      transformIgnorePatterns: ['/node_modules/(?!rou3/)'],
      moduleNameMapper: {
        '^@lames/rules$': '<rootDir>/../rules/src/index.ts',
        '^@lames/rules/scenarios$': '<rootDir>/../rules/src/scenarios/index.ts',
        '^@lames/rules/testing$': '<rootDir>/../rules/src/testing/index.ts',
        // The server's ES module door to @colyseus/schema (src/sync/colyseus-schema.mts): under jest
        // every @colyseus package loads its CommonJS build, so the door is the package itself.
        '(^|/)colyseus-schema\\.mjs$': '@colyseus/schema',
      },
      testEnvironment: 'node',
    },
    {
      displayName: 'client',
      rootDir: '<rootDir>/packages/client',
      testMatch: ['<rootDir>/src/**/*.test.ts'],
      transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }] },
      moduleNameMapper: {
        '^@lames/rules$': '<rootDir>/../rules/src/index.ts',
        '^@lames/rules/scenarios$': '<rootDir>/../rules/src/scenarios/index.ts',
        '^@lames/rules/testing$': '<rootDir>/../rules/src/testing/index.ts',
      },
      testEnvironment: 'node',
    },
    {
      displayName: 'e2e',
      rootDir: '<rootDir>/e2e',
      testMatch: ['<rootDir>/**/*.test.ts'],
      transform: {
        '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
        // The browser test starts the real server in-process: same ESM-only dependency as the server project.
        '/node_modules/rou3/.+\\.mjs$': '<rootDir>/../packages/server/test/support/esm-to-cjs.cjs',
      },
      transformIgnorePatterns: ['/node_modules/(?!rou3/)'],
      moduleNameMapper: {
        '^@lames/rules$': '<rootDir>/../packages/rules/src/index.ts',
        '^@lames/rules/scenarios$': '<rootDir>/../packages/rules/src/scenarios/index.ts',
        '^@lames/rules/testing$': '<rootDir>/../packages/rules/src/testing/index.ts',
        // As in the server project: the server's door to @colyseus/schema is the package's CommonJS build.
        '(^|/)colyseus-schema\\.mjs$': '@colyseus/schema',
      },
      testEnvironment: 'node',
    },
  ],
};
