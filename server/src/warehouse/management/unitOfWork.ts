/**
 * Applies a WarehouseChange and the caller's audit write as one unit of work.
 *
 * Sample (DuckDB): planning, the change and the audit callback run inside one transaction;
 * the audit runs before COMMIT, so if it throws, the change is rolled back.
 *
 * Snowflake: DDL commits immediately and cannot join a transaction, so the unit of work is
 * kept by compensation: the change runs, then the audit; if the audit throws, the undo
 * statements restore the previous state (revoke after grant, the previous default role, …)
 * and the audit's error is rethrown. DROP USER cannot be undone, so for it the order is
 * reversed: the audit runs first and the user is dropped only if it succeeded; if the drop then
 * fails, the WarehouseError is thrown — run the audit inside your store transaction so that it
 * is rolled back too. A change of several statements that fails half-way is undone the same way.
 */
import type { Engine, EngineKind, Queryable } from '../engine.js';
import { WarehouseError } from '../errors.js';
import type { WarehouseChange } from './changes.js';
import { planChange, type ChangePlan } from './plan.js';

export interface AppliedChange {
  change: WarehouseChange;
  engine: EngineKind;
  /** The Snowflake statements of the change (on the sample, the statements Snowflake would run). Empty when `noop`. */
  statements: string[];
  /** The account was already in the requested state; nothing was changed. */
  noop: boolean;
  /** Previous values of what the change sets (e.g. `{ autoSuspendSeconds: 600 }`). */
  before: Record<string, string | number | boolean | null> | null;
  /** ISO time the change was applied. */
  appliedAt: string;
}

/** Called once per change, before it becomes durable; throw to cancel the change. */
export type AuditCallback = (applied: AppliedChange) => Promise<void> | void;

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

export async function applyChange(engine: Engine, change: WarehouseChange, audit?: AuditCallback, at: Date = new Date()): Promise<AppliedChange> {
  if (engine.kind === 'duckdb') {
    return engine.transaction(async (tx) => {
      const plan = await planChange(tx, change, sampleTime(at));
      for (const statement of plan.sample) await tx.query(statement);
      const result = applied(change, engine.kind, plan, at);
      if (audit) await audit(result);
      return result;
    });
  }

  const plan = await planChange(engine, change, sampleTime(at));
  const result = applied(change, engine.kind, plan, at);
  if (plan.noop) {
    if (audit) await audit(result);
    return result;
  }
  if (plan.undo === null) {
    if (audit) await audit(result);
    await runAll(engine, plan.forward);
    return result;
  }
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
  try {
    if (audit) await audit(result);
  } catch (auditError) {
    await undo(engine, plan, auditError);
    throw auditError;
  }
  return result;
}
