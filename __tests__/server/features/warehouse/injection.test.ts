/**
 * Injection payloads in every name and filter field: each is refused with an
 * InvalidInputError naming the field, and none ever reaches the engine (a spy at the engine
 * boundary records every statement text and bound value). Names of objects that already exist
 * are the exception: Snowflake holds quoted names with any character, so a payload that could
 * be such a name is accepted, and must then reach the engine only bound or inside a quoted
 * identifier or string literal, never as SQL text. Free text (display names, comments)
 * is different: Snowflake stores any text there, so every payload without a control character is
 * accepted and must come back byte for byte — bound on the sample, and on Snowflake written as a
 * literal that a Snowflake-style reader reads back as exactly the payload, with nothing after it.
 */
import { existingNameProblem } from '@common/warehouse/identifierRules';
import { InvalidInputError } from '../../../../server/src/platform/warehouse/errors';
import { Warehouse } from '../../../../server/src/features/warehouse/warehouse';
import { PAYLOADS } from './injectionPayloads';
import { openSnowflakeEngine } from '../../../../server/src/features/warehouse/snowflakeEngine';
import { FakeSnowflake, fakeAccount } from './fakeSnowflake';
import { fullRange, infoFor, openTestAccount, spyEngine, type Recorded, type TestAccount } from './sampleAccount';

/** Payloads no existing object can be named (empty, too long, control or format characters). */
const NOT_A_NAME = PAYLOADS.filter((p) => existingNameProblem(p) !== undefined);
/** Payloads Snowflake could hold as a quoted name. */
const QUOTABLE = PAYLOADS.filter((p) => existingNameProblem(p) === undefined);

/**
 * The statement text with every double-quoted identifier and single-quoted literal removed, as
 * Snowflake reads them ("" and '' inside, a backslash escaping the next character in literals):
 * what is left is SQL, where no payload may appear.
 */
function outsideQuotes(text: string): string {
  let rest = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (c === '"') {
      for (i += 1; i < text.length; i += 1) {
        if (text[i] === '"' && text[i + 1] === '"') i += 1;
        else if (text[i] === '"') break;
      }
      rest += ' ';
    } else if (c === "'") {
      i = readSnowflakeLiteral(text, i).end - 1;
      rest += ' ';
    } else {
      rest += c;
    }
  }
  return rest;
}

/** Free-text fields refuse control characters (line breaks, NUL…): no property needs one. */
const WITH_CONTROL = PAYLOADS.filter((p) => /[\p{Cc}]/u.test(p));
/** Every other payload is legitimate free text and must be stored exactly. */
const STORABLE = PAYLOADS.filter((p) => !/[\p{Cc}]/u.test(p) && p.length <= 255);

/**
 * Reads a Snowflake single-quoted literal starting at `start` the way Snowflake does ('' is a
 * quote, a backslash escapes the next character) and returns its value and where it ended.
 */
function readSnowflakeLiteral(text: string, start: number): { value: string; end: number } {
  if (text[start] !== "'") throw new Error(`no literal at ${start}: ${text}`);
  let value = '';
  for (let i = start + 1; i < text.length; i += 1) {
    const c = text[i] as string;
    if (c === '\\') {
      value += text[i + 1] ?? '';
      i += 1;
    } else if (c === "'" && text[i + 1] === "'") {
      value += "'";
      i += 1;
    } else if (c === "'") {
      return { value, end: i + 1 };
    } else {
      value += c;
    }
  }
  throw new Error(`unterminated literal: ${text}`);
}

type Attempt = [field: string, run: (w: Warehouse, payload: string) => Promise<unknown>];

const RANGE = { from: '2026-01-01', to: '2026-03-18' };

/** Names the change creates: Snowflake's unquoted form only. */
const NEW_NAME_FIELDS: Attempt[] = [
  ['userName', (w, p) => w.write({ kind: 'createUser', userName: p })],
  ['roleName', (w, p) => w.write({ kind: 'createRole', roleName: p })],
];

/** Names of objects that exist: any name Snowflake can hold. */
const MANAGEMENT_NAME_FIELDS: Attempt[] = [
  ['defaultRole', (w, p) => w.write({ kind: 'createUser', userName: 'OK_USER', defaultRole: p })],
  ['defaultWarehouse', (w, p) => w.write({ kind: 'createUser', userName: 'OK_USER', defaultWarehouse: p })],
  ['userName', (w, p) => w.write({ kind: 'setUserDisabled', userName: p, disabled: true })],
  ['userName', (w, p) => w.write({ kind: 'setUserDefaults', userName: p, defaultRole: 'PUBLIC' })],
  ['defaultRole', (w, p) => w.write({ kind: 'setUserDefaults', userName: 'DBT_SVC', defaultRole: p })],
  ['defaultWarehouse', (w, p) => w.write({ kind: 'setUserDefaults', userName: 'DBT_SVC', defaultWarehouse: p })],
  ['roleName', (w, p) => w.write({ kind: 'grantRoleToUser', roleName: p, userName: 'DBT_SVC' })],
  ['userName', (w, p) => w.write({ kind: 'grantRoleToUser', roleName: 'PUBLIC', userName: p })],
  ['roleName', (w, p) => w.write({ kind: 'revokeRoleFromUser', roleName: p, userName: 'DBT_SVC' })],
  ['userName', (w, p) => w.write({ kind: 'revokeRoleFromUser', roleName: 'PUBLIC', userName: p })],
  ['userName', (w, p) => w.write({ kind: 'dropUser', userName: p })],
  ['roleName', (w, p) => w.write({ kind: 'grantRoleToRole', roleName: p, parentRoleName: 'SYSADMIN' })],
  ['parentRoleName', (w, p) => w.write({ kind: 'grantRoleToRole', roleName: 'ANALYST', parentRoleName: p })],
  ['warehouseName', (w, p) => w.write({ kind: 'alterWarehouse', warehouseName: p, autoSuspendSeconds: 60 })],
  ['userName', (w, p) => w.getUser(p)],
  ['roleName', (w, p) => w.getRole(p)],
];

const EXISTING_NAME_FIELDS: Attempt[] = [
  ...MANAGEMENT_NAME_FIELDS,
  ...(['warehouseName', 'userName', 'roleName'] as const).flatMap((field): Attempt[] => [
    [field, (w, p) => w.topQueries({ range: RANGE, [field]: p })],
    [field, (w, p) => w.queryPatterns({ range: RANGE, [field]: p })],
    [field, (w, p) => w.remoteSpillingQueries({ range: RANGE, [field]: p })],
    [field, (w, p) => w.spillByWarehouse({ range: RANGE, [field]: p })],
  ]),
];

/** Every other named value: a fixed vocabulary or shape. */
const NAME_FIELDS: Attempt[] = [
  ...NEW_NAME_FIELDS,
  ['size', (w, p) => w.write({ kind: 'alterWarehouse', warehouseName: 'BI_WH', size: p })],
  ['kind', (w, p) => w.write({ kind: p, userName: 'DBT_SVC' })],
  ['search', (w, p) => w.listUsers({ search: p })],
  ['search', (w, p) => w.listRoles({ search: p })],
  ['queryId', (w, p) => w.queryDetail(p)],
];

const FILTER_FIELDS: Attempt[] = [
  ...(['queryTag'] as const).flatMap((field): Attempt[] => [
    [field, (w, p) => w.topQueries({ range: RANGE, [field]: p })],
    [field, (w, p) => w.queryPatterns({ range: RANGE, [field]: p })],
    [field, (w, p) => w.remoteSpillingQueries({ range: RANGE, [field]: p })],
    [field, (w, p) => w.spillByWarehouse({ range: RANGE, [field]: p })],
  ]),
  ['from', (w, p) => w.costSummary({ from: p, to: '2026-01-31' })],
  ['to', (w, p) => w.warehouseUsage({ from: '2026-01-01', to: p })],
  ['from', (w, p) => w.recommendations({ from: p, to: '2026-01-31' })],
  ['to', (w, p) => w.usersOverview({ from: '2026-01-01', to: p })],
  ['from', (w, p) => w.topQueries({ range: { from: p, to: '2026-01-31' } })],
  ['asOf', (w, p) => w.monthToDate(p)],
  ['limit', (w, p) => w.topQueries({ range: RANGE }, { limit: p as unknown as number })],
  ['orderBy', (w, p) => w.topQueries({ range: RANGE }, { orderBy: p as 'cost' })],
  ['orderBy', (w, p) => w.queryPatterns({ range: RANGE }, { orderBy: p as 'cost' })],
  ['dormantDays', (w, p) => w.usersOverview(RANGE, { dormantDays: p as unknown as number })],
];

const TEXT_FIELDS: Attempt[] = [
  ['displayName', (w, p) => w.write({ kind: 'createUser', userName: 'OK_USER', displayName: p })],
  ['comment', (w, p) => w.write({ kind: 'createUser', userName: 'OK_USER', comment: p })],
  ['email', (w, p) => w.write({ kind: 'createUser', userName: 'OK_USER', email: p })],
  ['comment', (w, p) => w.write({ kind: 'createRole', roleName: 'OK_ROLE', comment: p })],
];

/** A payload reached the engine if it was bound, or if a distinctive one (4+ characters; `"` is in every statement) is in the text. */
function reached(recorded: readonly Recorded[], payload: string): boolean {
  return recorded.some(
    (r) => (payload.length >= 4 && r.text.includes(payload)) || r.params.some((v) => typeof v === 'string' && v.includes(payload)),
  );
}

describe('injection payloads', () => {
  let account: TestAccount;
  let spy: ReturnType<typeof spyEngine>;
  let warehouse: Warehouse;
  beforeAll(async () => {
    account = await openTestAccount();
    spy = spyEngine(account.engine);
    warehouse = new Warehouse(infoFor('acme'), spy);
  });
  afterAll(() => account.close());

  it('has at least 30 payloads', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(30);
    expect(WITH_CONTROL.length).toBeGreaterThanOrEqual(3);
    expect(STORABLE.length).toBeGreaterThanOrEqual(30);
    expect(new Set(PAYLOADS).size).toBe(PAYLOADS.length);
  });

  describe.each([
    ['name', NAME_FIELDS, PAYLOADS],
    ['filter', FILTER_FIELDS, PAYLOADS],
    ['existing-name', EXISTING_NAME_FIELDS, NOT_A_NAME],
    ['free-text', TEXT_FIELDS.filter(([field]) => field !== 'email'), WITH_CONTROL],
    ['e-mail', TEXT_FIELDS.filter(([field]) => field === 'email'), PAYLOADS],
  ] as const)('in every %s field', (_kind, attempts, payloads) => {
    it.each(attempts.map((attempt, index) => [attempt[0], index] as const))(
      '%s (#%i) refuses every payload with a 400 naming the field',
      async (field, index) => {
        const run = attempts[index]![1];
        for (const payload of payloads) {
          const before = spy.recorded.length;
          const error = await run(warehouse, payload).then(
            () => null,
            (caught: unknown) => caught,
          );
          expect({ payload, error }).toEqual({ payload, error: expect.any(InvalidInputError) });
          expect({ payload, field: (error as InvalidInputError).field }).toEqual({ payload, field });
          expect(spy.recorded.length).toBe(before);
        }
      },
    );
  });

  it('accepts every quotable payload as the name of an existing object, and it reaches the engine only bound or quoted', async () => {
    for (const [field, run] of EXISTING_NAME_FIELDS) {
      for (const payload of QUOTABLE) {
        const before = spy.recorded.length;
        const error = await run(warehouse, payload).then(
          () => null,
          (caught: unknown) => caught,
        );
        // No such object (or no rows for a filter), never a refusal of the name.
        expect({ field, payload, refused: error instanceof InvalidInputError }).toEqual({ field, payload, refused: false });
        for (const statement of spy.recorded.slice(before)) {
          expect({ payload, sql: outsideQuotes(statement.text).includes(payload) && payload.length >= 4 }).toEqual({ payload, sql: false });
        }
      }
    }
  }, 60_000);

  it('never let a refused payload reach the engine, while valid requests did', async () => {
    await warehouse.topQueries({ range: await fullRange(warehouse), userName: 'dbt_svc' }, { limit: 1 });
    expect(spy.recorded.length).toBeGreaterThan(0);
    for (const payload of NOT_A_NAME.filter((p) => p.length > 0))
      expect({ payload, reached: reached(spy.recorded, payload) }).toEqual({ payload, reached: false });
  });

  it('stores every other payload as display name and comment exactly, bound as a parameter on the sample', async () => {
    for (const [index, payload] of STORABLE.entries()) {
      const userName = `TEXT_USER_${index}`;
      const before = spy.recorded.length;
      await warehouse.write({ kind: 'createUser', userName, displayName: payload, comment: payload });
      const { user } = await warehouse.getUser(userName);
      expect({ payload, displayName: user.displayName ?? '', comment: user.comment ?? '' }).toEqual({
        payload,
        displayName: payload,
        comment: payload,
      });
      const insert = spy.recorded.slice(before).find((r) => r.text.includes('INSERT INTO ACCOUNT_USAGE.USERS'));
      expect(insert?.params).toContain(payload);
      if (payload.length >= 4) expect(insert?.text.includes(payload)).toBe(false);
      await warehouse.write({ kind: 'dropUser', userName });
    }
  });

  it('writes them into Snowflake DDL as literals that read back as exactly the payload', async () => {
    const fake = new FakeSnowflake(fakeAccount());
    const onSnowflake = new Warehouse(
      infoFor('acme', 'snowflake'),
      await openSnowflakeEngine(
        { account: 'xy12345', username: 'SVC', privateKeyPath: '/k.p8', role: 'SVC_ROLE', warehouse: 'SVC_WH' },
        fake,
      ),
    );
    for (const payload of STORABLE) {
      const applied = await onSnowflake.write({ kind: 'createRole', roleName: 'TEXT_ROLE', comment: payload });
      const [ddl] = applied.statements;
      const prefix = 'CREATE ROLE "TEXT_ROLE" COMMENT = ';
      expect(ddl?.startsWith(prefix)).toBe(true);
      const literal = readSnowflakeLiteral(ddl as string, prefix.length);
      expect({ payload, value: literal.value, rest: (ddl as string).slice(literal.end) }).toEqual({ payload, value: payload, rest: '' });
    }
  });

  it('refuses them on the Snowflake engine too, before any statement', async () => {
    const snowflakeSpy = spyEngine(account.engine, 'snowflake');
    const onSnowflake = new Warehouse(infoFor('acme', 'snowflake'), snowflakeSpy);
    for (const [field, run] of [...NAME_FIELDS, ...FILTER_FIELDS]) {
      for (const payload of PAYLOADS) {
        await expect(run(onSnowflake, payload)).rejects.toMatchObject({ field });
      }
    }
    for (const [field, run] of EXISTING_NAME_FIELDS) {
      for (const payload of NOT_A_NAME) {
        await expect(run(onSnowflake, payload)).rejects.toMatchObject({ field });
      }
    }
    expect(snowflakeSpy.recorded).toEqual([]);
  });

  it('writes a quoted existing name into Snowflake statements only as a quoted identifier or a literal', async () => {
    const snowflakeSpy = spyEngine(account.engine, 'snowflake');
    const onSnowflake = new Warehouse(infoFor('acme', 'snowflake'), snowflakeSpy);
    // The analytics filters are bound values on both engines; these write names into SQL text.
    for (const [, run] of MANAGEMENT_NAME_FIELDS) {
      for (const payload of QUOTABLE) {
        // The sample cannot run Snowflake's SHOW commands; what matters is the text sent.
        await run(onSnowflake, payload).catch(() => undefined);
      }
    }
    expect(snowflakeSpy.recorded.length).toBeGreaterThan(0);
    for (const statement of snowflakeSpy.recorded) {
      for (const payload of QUOTABLE.filter((p) => p.length >= 4)) {
        expect({ payload, text: statement.text, sql: outsideQuotes(statement.text).includes(payload) }).toMatchObject({ sql: false });
      }
    }
  }, 60_000);
});
