// The revocation list behind the token check, on PGlite and (in CI's second pass) PostgreSQL:
// a revoked session and tokens issued before a user's not-before time are refused, other
// tokens are not, and one instance's revocation reaches another instance sharing the store
// within the cache time.
import {
  createRevocationList,
  REVOCATION_CACHE_MS,
  withRevocations,
  type RevocationList,
} from '../../../../server/src/platform/http/auth/revocations';
import type { Caller, TokenVerifier } from '../../../../server/src/platform/http/auth/tokenVerifier';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { openSchemaStore } from '../../schemaStore';

jest.setTimeout(60_000);

let store: Store;
beforeAll(async () => {
  store = await openSchemaStore('revocations');
});
afterAll(async () => {
  await store?.close();
});

const now = () => Math.floor(Date.now() / 1000);
/** The check as a promise: it answers synchronously (or throws) when its cache is fresh. */
const checked = (list: RevocationList, who: Caller) => (async () => list.check(who))();
const caller = (subject: string, sessionId: string, issuedAt = now()): Caller => ({
  subject,
  username: subject,
  organisation: 'acme',
  roles: ['user'],
  sessionId,
  issuedAt,
});

test('a revoked session is refused; other sessions of the same user are not', async () => {
  const list = createRevocationList(store.db);
  await expect(checked(list, caller('u1', 'sid-a'))).resolves.toBeUndefined();
  await list.revokeSession({ sid: 'sid-a', organisation: 'acme', subject: 'u1' });
  await expect(checked(list, caller('u1', 'sid-a'))).rejects.toMatchObject({ statusCode: 401, code: 'invalid_token' });
  await expect(checked(list, caller('u1', 'sid-b'))).resolves.toBeUndefined();
  // Recording it twice is harmless.
  await list.revokeSession({ sid: 'sid-a', organisation: 'acme', subject: 'u1' });
});

test('tokens issued before the not-before time are refused, later ones accepted', async () => {
  const list = createRevocationList(store.db);
  await list.setNotBefore({ subject: 'u2', organisation: 'acme', notBefore: new Date((now() - 10) * 1000) });
  await expect(checked(list, caller('u2', 's1', now() - 60))).rejects.toMatchObject({ statusCode: 401 });
  await expect(checked(list, caller('u2', 's2', now()))).resolves.toBeUndefined();
  await expect(checked(list, { ...caller('u2', 's3'), issuedAt: undefined })).rejects.toMatchObject({ statusCode: 401 });
  await expect(checked(list, caller('u3', 's4', now() - 60))).resolves.toBeUndefined();
});

test('another instance sharing the store refuses the session within the cache time', async () => {
  const first = createRevocationList(store.db);
  // The second instance's clock is stepped by hand: its cached answer is kept until the cache time has passed.
  let secondNow = Date.now();
  const second = createRevocationList(store.db, () => secondNow);
  await expect(checked(second, caller('u4', 'sid-x'))).resolves.toBeUndefined();
  await first.revokeSession({ sid: 'sid-x', organisation: 'acme', subject: 'u4' });
  secondNow += REVOCATION_CACHE_MS - 100;
  await expect(checked(second, caller('u4', 'sid-x'))).resolves.toBeUndefined();
  secondNow += 200;
  await expect(checked(second, caller('u4', 'sid-x'))).rejects.toMatchObject({ statusCode: 401 });
});

test('a cached token of a session revoked elsewhere, once the cache time has passed, is refused on the awaited path and never leaves a rejection unhandled', async () => {
  const first = createRevocationList(store.db);
  let secondNow = Date.now();
  const second = createRevocationList(store.db, () => secondNow);
  const who = caller('u5', 'sid-y');
  const verify = (async () => who) as TokenVerifier;
  verify.cached = () => who;
  const checkedVerify = withRevocations(verify, second);
  await expect(checkedVerify('token')).resolves.toBe(who);
  await first.revokeSession({ sid: 'sid-y', organisation: 'acme', subject: 'u5' });
  secondNow += REVOCATION_CACHE_MS + 100;

  const unhandled: unknown[] = [];
  const listener = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', listener);
  try {
    // The store must be read: the quick path declines, and the request hook takes the awaited one.
    expect(checkedVerify.cached?.('token')).toBeUndefined();
    await expect(checkedVerify('token')).rejects.toMatchObject({ statusCode: 401, code: 'invalid_token' });
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    process.off('unhandledRejection', listener);
  }
  expect(unhandled).toEqual([]);
});
