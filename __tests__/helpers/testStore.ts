// A store as the signed-in shell has it: lazy slices and middleware connected, a user signed in.
import { connectSignedInServices } from '../../src/app/signedInServices';
import { makeStore, type AppStore } from '../../src/app/store';
import { authActions, sessionFromToken, type TokenClaims } from '../../src/auth/authSlice';

export const defaultClaims: TokenClaims = {
  sub: 'user-ada',
  name: 'Ada Admin',
  preferred_username: 'admin',
  email: 'ada@acme.test',
  organization: ['acme'],
};

export function makeSignedInStore(roles: readonly string[] = ['user', 'admin'], claims: TokenClaims = {}): AppStore {
  const store = makeStore();
  connectSignedInServices(store);
  store.dispatch(authActions.signedIn(sessionFromToken('token-1', { ...defaultClaims, ...claims, realm_access: { roles: [...roles] } })));
  return store;
}
