// The keycloak-js wrapper, with a stand-in keycloak instance (the real library runs in the
// browser tests).
import type Keycloak from 'keycloak-js';
import { createKeycloakClient } from '../../src/auth/keycloak';

jest.mock('keycloak-js', () => ({ __esModule: true, default: jest.fn() }));

const identity = { url: 'http://identity.test', realm: 'dataworks', clientId: 'dataworks-portal-frontend' };

describe('createKeycloakClient', () => {
  it('gives concurrent callers exactly one keycloak updateToken (one refresh on the wire)', async () => {
    let finish!: (refreshed: boolean) => void;
    const updateToken = jest.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const client = createKeycloakClient({ updateToken } as unknown as Keycloak, identity);

    const before = client.updateToken(5);
    const afterA401 = client.updateToken(-1);
    const onExpiry = client.updateToken(5);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(updateToken).toHaveBeenCalledTimes(1);

    finish(true);
    await expect(Promise.all([before, afterA401, onExpiry])).resolves.toEqual([true, true, true]);
    expect(updateToken).toHaveBeenCalledTimes(1);
  });
});
