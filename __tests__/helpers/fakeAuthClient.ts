// A stand-in for the keycloak-js adapter at the app's auth boundary (src/auth/authClient.ts).
import { setAuthClient, type AuthClient } from '../../src/api/authClient';

export interface FakeAuthClient extends AuthClient {
  isAuthenticated: jest.Mock<boolean, []>;
  token: jest.Mock<string | undefined, []>;
  updateToken: jest.Mock<Promise<boolean>, [number]>;
  login: jest.Mock<Promise<void>, [string?]>;
}

/** Signed in with `token-1`; a forced refresh (-1) hands out `token-2`, `token-3`… */
export function installFakeAuthClient(): FakeAuthClient {
  let generation = 1;
  const client: FakeAuthClient = {
    isAuthenticated: jest.fn(() => true),
    token: jest.fn(() => `token-${generation}`),
    updateToken: jest.fn(async (minValidity: number) => {
      if (minValidity < 0) generation += 1;
      return minValidity < 0;
    }),
    login: jest.fn(async () => undefined),
    register: jest.fn(async () => undefined),
    logout: jest.fn(async () => undefined),
    resetPasswordUrl: jest.fn(() => 'http://identity.test/reset'),
  };
  setAuthClient(client);
  return client;
}
