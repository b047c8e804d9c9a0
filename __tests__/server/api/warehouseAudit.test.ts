// A warehouse change and its audit entry form one unit of work: both land, or neither does.
import { auditedWrite } from '../../../server/src/api/routes/warehouseAudit';
import type { Caller } from '../../../server/src/api/auth/tokenVerifier';
import { listAudit } from '../../../server/src/store/audit';
import { openStore, type Store } from '../../../server/src/store/openStore';
import { openTestAccount, type TestAccount } from '../warehouse/sampleAccount';

jest.setTimeout(60_000);

let store: Store;
let account: TestAccount;
beforeAll(async () => {
  [store, account] = await Promise.all([openStore({ dataDir: 'memory://' }), openTestAccount({ queryCount: 2000 })]);
});
afterAll(async () => {
  await Promise.all([store?.close(), account?.close()]);
});

const admin: Caller = { subject: 'sub-1', username: 'admin', organisation: 'acme', roles: ['admin'] };
const roleExists = async (name: string) => (await account.sql('SELECT COUNT(*) AS N FROM ACCOUNT_USAGE.ROLES WHERE NAME = ? AND DELETED_ON IS NULL', [name]))[0]?.N === 1;

test('a change is audited with its statements', async () => {
  const applied = await auditedWrite(store.db, admin, (audit) => account.warehouse.write({ kind: 'createRole', roleName: 'AUDITED_ROLE' }, audit));
  expect(applied.statements).toEqual(['CREATE ROLE "AUDITED_ROLE"']);
  expect(await roleExists('AUDITED_ROLE')).toBe(true);
  const [entry] = await listAudit(store.db, 'acme', 1);
  expect(entry).toMatchObject({ action: 'warehouse.createRole', target: 'role:AUDITED_ROLE', actor_username: 'admin' });
  expect(entry?.details).toMatchObject({ statements: ['CREATE ROLE "AUDITED_ROLE"'], engine: 'duckdb' });
});

test('when the change fails, no audit entry is left', async () => {
  const before = (await listAudit(store.db, 'acme', 1000)).length;
  await expect(auditedWrite(store.db, admin, (audit) => account.warehouse.write({ kind: 'createRole', roleName: 'AUDITED_ROLE' }, audit))).rejects.toThrow('already exists');
  await expect(auditedWrite(store.db, admin, (audit) => account.warehouse.write({ kind: 'grantRoleToUser', roleName: 'NO_SUCH_ROLE', userName: 'DBT_SVC' }, audit))).rejects.toThrow();
  expect((await listAudit(store.db, 'acme', 1000)).length).toBe(before);
});

test('when the audit entry cannot be written, the change is rolled back', async () => {
  // A NULL subject breaks the audit log's NOT NULL constraint inside the store transaction.
  const broken: Caller = { ...admin, subject: null as unknown as string };
  await expect(auditedWrite(store.db, broken, (audit) => account.warehouse.write({ kind: 'createRole', roleName: 'HALF_DONE_ROLE' }, audit))).rejects.toThrow();
  expect(await roleExists('HALF_DONE_ROLE')).toBe(false);
});
