/**
 * Applies a WarehouseChange with the caller's audit as one unit of work that survives a crash.
 *
 * The audit is written in two steps around the change: `audit(applied)` records the intent once
 * the change is planned and before it reaches the warehouse (it must be durable when it
 * returns; throwing cancels the change, so nothing happens unaudited), and `settle(outcome)`
 * records how it ended once the change is durable or has failed. A crash between the two leaves
 * the intent pending; the API settles such intents at start-up by looking at the warehouse
 * (changeInEffect below). So after any crash every change on the warehouse has its audit entry.
 *
 * Sample (DuckDB): authorisation, planning, the intent and the change run inside one warehouse
 * transaction, committed after the intent was recorded.
 *
 * Snowflake: DDL commits at once and cannot join a transaction. The intent is recorded before the
 * first statement; a change of several statements that fails half-way is undone by the inverse
 * statements (revoke after grant, the previous default role, …).
 *
 * Roles: when `mayManageRole` is given, every role the change touches — and every system role
 * such a role includes — must pass it, or the change is refused (403) before it is planned.
 */
import type { Engine, EngineKind, Queryable } from '../../../platform/warehouse/engine.js';
import { WarehouseError } from '../../../platform/warehouse/errors.js';
import type { WarehouseChange } from './changes.js';
import { planChange, type ChangePlan } from './plan.js';
import { authorizeRoles, type RolePolicy } from './protection.js';
import type { AppliedChange } from '@common/warehouse/managementContract';

/** Called once per change, before it reaches the warehouse; must be durable on return; throw to cancel the change. */
export type AuditCallback = (applied: AppliedChange) => Promise<void> | void;

/** How a change whose intent was recorded ended. */
export type ChangeOutcome = { outcome: 'applied' } | { outcome: 'failed'; error: unknown };

export interface WriteOptions {
  /** Whether the caller may manage a warehouse role (the access rules); absent, no role is protected. */
  mayManageRole?: RolePolicy;
  /** Told once the change is durable, or failed after `audit` was called for it. */
  settle?: (outcome: ChangeOutcome) => Promise<void> | void;
}

function applied(change: WarehouseChange, engine: EngineKind, plan: ChangePlan, at: Date): AppliedChange {
  return { change, engine, statements: plan.forward.map((s) => s.text), noop: plan.noop, before: plan.before, appliedAt: at.toISOString() };
}

function sampleTime(at: Date): string {
  return at.toISOString().slice(0, 23).replace('T', ' ');
}

async function runAll(engine: Queryable, statements: ChangePlan['forward']): Promise<number> {
  let done = 0;
  for (const statement of statements) {
    await engine.query(statement);
    done += 1;
  }
  return done;
}

async function undo(engine: Queryable, plan: ChangePlan, cause: unknown): Promise<void> {
  if (!plan.undo) return;
  try {
    await runAll(engine, plan.undo);
  } catch (undoError) {
    throw new WarehouseError(
      'failed',
      'The change was made in Snowflake but could not be completed, and undoing it failed too; check the object in Snowflake.',
      { cause: new AggregateError([cause, undoError]) },
    );
  }
}

export async function applyChange(
  engine: Engine,
  change: WarehouseChange,
  audit?: AuditCallback,
  options: WriteOptions = {},
  at: Date = new Date(),
): Promise<AppliedChange> {
  // Once the audit was asked to record the intent, its outcome is owed even if recording failed
  // half-way: the caller knows whether an intent exists to settle.
  let recorded = false;
  const record = async (result: AppliedChange) => {
    recorded = true;
    if (audit) await audit(result);
  };
  let result: AppliedChange;
  try {
    result =
      engine.kind === 'duckdb'
        ? await applyOnSample(engine, change, record, options, at)
        : await applyOnSnowflake(engine, change, record, options, at);
  } catch (error) {
    if (recorded) await options.settle?.({ outcome: 'failed', error });
    throw error;
  }
  await options.settle?.({ outcome: 'applied' });
  return result;
}

async function applyOnSample(
  engine: Engine,
  change: WarehouseChange,
  record: (applied: AppliedChange) => Promise<void>,
  options: WriteOptions,
  at: Date,
): Promise<AppliedChange> {
  return engine.transaction(async (tx) => {
    if (options.mayManageRole) await authorizeRoles(tx, change, options.mayManageRole);
    const plan = await planChange(tx, change, sampleTime(at));
    const result = applied(change, engine.kind, plan, at);
    await record(result);
    for (const statement of plan.sample) await tx.query(statement);
    return result;
  });
}

async function applyOnSnowflake(
  engine: Engine,
  change: WarehouseChange,
  record: (applied: AppliedChange) => Promise<void>,
  options: WriteOptions,
  at: Date,
): Promise<AppliedChange> {
  if (options.mayManageRole) await authorizeRoles(engine, change, options.mayManageRole);
  const plan = await planChange(engine, change, sampleTime(at));
  const result = applied(change, engine.kind, plan, at);
  await record(result);
  let done = 0;
  try {
    for (const statement of plan.forward) {
      await engine.query(statement);
      done += 1;
    }
  } catch (error) {
    if (done > 0) await undo(engine, plan, error);
    throw error;
  }
  return result;
}

/**
 * Whether a change whose outcome is unknown (its process died between intent and outcome) is in
 * effect on the warehouse now: planning it again tells, since planning recognises a change that
 * is already in place (noop), and a create or drop that already happened is refused as such.
 */
export async function changeInEffect(engine: Engine, change: WarehouseChange): Promise<boolean> {
  try {
    const plan = await planChange(engine, change, sampleTime(new Date()));
    return plan.noop;
  } catch (error) {
    if (!(error instanceof WarehouseError)) throw error;
    switch (change.kind) {
      case 'createUser':
      case 'createRole':
        return error.kind === 'already_exists';
      case 'dropUser':
      case 'dropRole':
      case 'revokeRoleFromUser':
      case 'revokeRoleFromRole':
        return error.kind === 'not_found';
      default:
        throw error;
    }
  }
}

export type { AppliedChange };
