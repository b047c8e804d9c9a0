// Shared set-up of the page tests: configuration, a signed-in user, the API client
// answering from a fake server, and React's own warnings failing the test.
import { apiClient } from '../../src/api/client';
import { installFakeAuthClient } from './fakeAuthClient';
import { fakeBackend } from './fakeBackend';
import type { FakeWarehouseServer } from './fakeWarehouseServer';
import { installTestConfig } from './testConfig';

export function setUpPageTests(): void {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    installTestConfig();
    installFakeAuthClient();
    // The API client logs every failure; React's own warnings must still fail a test.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    const reactWarnings = consoleError.mock.calls.filter(([first]) => String(first).startsWith('Warning'));
    jest.restoreAllMocks();
    expect(reactWarnings).toEqual([]);
  });
}

export function connectFakeServer(server: FakeWarehouseServer): void {
  apiClient.defaults.adapter = fakeBackend(server.handler).adapter;
}
