/**
 * Run history for a (synthetic) manifest: the run_results.json (v6) and sources.json (v3) of
 * the nightly `dbt build` and `dbt source freshness` `day` days before the manifest was
 * generated (0: that day). Deterministic per node and day, with trends a history page can show:
 * a node that breaks stays broken for a few days, then recovers; durations drift a little.
 */
import { artifactMetadata, invocationId } from './artifactMetadata.js';
import { seeded } from '../../platform/random/seededRandom.js';

type Json = Record<string, unknown>;

const DAY_MS = 86_400_000;

function entries(manifest: unknown, key: string): Array<[string, Json]> {
  const value = (manifest as Json | null)?.[key];
  if (typeof value !== 'object' || value === null) throw new TypeError(`the manifest has no ${key}`);
  return Object.entries(value as Record<string, Json>);
}

/** The nightly run `day` days back from generated_at, at 02:00 UTC. */
function runStart(manifest: unknown, day: number): Date {
  if (!Number.isInteger(day) || day < 0) throw new RangeError('day must be a whole number of days back (0 or more)');
  const generated = String(((manifest as Json).metadata as Json | undefined)?.generated_at ?? '');
  const base = Number.isNaN(Date.parse(generated)) ? new Date(0) : new Date(generated);
  const start = new Date(base.getTime() - day * DAY_MS);
  start.setUTCHours(2, 0, 0, 0);
  return start;
}

/** Whether a node is in one of its broken spells on `day` (each node has its own, or none). */
function broken(uniqueId: string, day: number, chance: number): boolean {
  const draw = seeded(`spell:${uniqueId}`);
  if (draw.next() >= chance * 20) return false;
  const start = draw.int(0, 59);
  const length = draw.int(1, 4);
  return day >= start && day < start + length;
}

export function syntheticRunResults(manifest: unknown, day: number): unknown {
  const start = runStart(manifest, day);
  const invocation = { id: invocationId(`synthetic-run:${start.toISOString()}`), startedAt: start.toISOString() };
  const nodes = entries(manifest, 'nodes');
  const errored = new Set(nodes.filter(([id, node]) => node.resource_type === 'model' && broken(id, day, 0.003)).map(([id]) => id));
  // Everything downstream of a broken model is skipped, as `dbt build` does.
  const parentsOf = new Map(nodes.map(([id, node]) => [id, ((node.depends_on as Json | undefined)?.nodes as string[] | undefined) ?? []]));
  const blocked = new Set(errored);
  const skippedIds = new Set<string>();
  for (let changed = true; changed;) {
    changed = false;
    for (const [id, parents] of parentsOf) {
      if (!blocked.has(id) && parents.some((parent) => blocked.has(parent))) {
        blocked.add(id);
        skippedIds.add(id);
        changed = true;
      }
    }
  }
  let clock = start.getTime();
  const results = nodes
    .filter(([, node]) => node.resource_type === 'model' || node.resource_type === 'test' || node.resource_type === 'seed')
    .map(([id, node]) => {
      const skipped = skippedIds.has(id);
      const draw = seeded(`duration:${id}`);
      const seconds = skipped
        ? 0
        : (node.resource_type === 'model' ? 0.5 + draw.next() * 30 : 0.1 + draw.next() * 2) * (0.9 + 0.2 * seeded(`${id}:${day}`).next());
      const begun = new Date(clock).toISOString();
      clock += Math.round(seconds * 1000);
      const ended = new Date(clock).toISOString();
      let status: string;
      let failures: number | null = null;
      let message: string | null = null;
      if (skipped) status = 'skipped';
      else if (node.resource_type !== 'test') status = errored.has(id) ? 'error' : 'success';
      else if (broken(id, day, 0.01)) {
        failures = 1 + seeded(`failures:${id}`).int(0, 40);
        const warn = String((node.config as Json | undefined)?.severity ?? 'ERROR').toLowerCase() === 'warn';
        status = warn ? 'warn' : 'fail';
        message = `Got ${failures} results, configured to ${warn ? 'warn' : 'fail'} if != 0`;
      } else {
        status = 'pass';
        failures = 0;
      }
      if (status === 'error') message = `Database Error in model ${String(node.name)}: relation does not exist`;
      return {
        status,
        timing: skipped
          ? []
          : [
              { name: 'compile', started_at: begun, completed_at: begun },
              { name: 'execute', started_at: begun, completed_at: ended },
            ],
        thread_id: 'Thread-1 (worker)',
        execution_time: seconds,
        adapter_response: skipped ? {} : { _message: 'OK' },
        message,
        failures,
        unique_id: id,
        compiled: true,
        compiled_code: typeof node.compiled_code === 'string' ? node.compiled_code : null,
        relation_name: typeof node.relation_name === 'string' ? node.relation_name : null,
        batch_results: null,
      };
    });
  return {
    metadata: artifactMetadata('runResults', invocation, new Date(clock).toISOString()),
    results,
    elapsed_time: (clock - start.getTime()) / 1000,
    args: { which: 'build', invocation_command: 'dbt build' },
  };
}

export function syntheticSourceFreshness(manifest: unknown, day: number): unknown {
  const start = runStart(manifest, day);
  const invocation = { id: invocationId(`synthetic-freshness:${start.toISOString()}`), startedAt: start.toISOString() };
  const results = entries(manifest, 'sources')
    .filter(([, source]) => source.loaded_at_field && source.freshness)
    .map(([id, source]) => {
      const criteria = source.freshness as Json;
      const late = broken(id, day, 0.02);
      const ageSeconds = late ? 30 * 3600 + seeded(`late:${id}`).int(0, 3 * 86_400) : 600 + seeded(`${id}:${day}`).int(0, 4 * 3600);
      const limit = (threshold: unknown): number | null => {
        const value = threshold as { count?: number | null; period?: string | null } | null;
        if (!value?.count || !value.period) return null;
        return value.count * (value.period === 'day' ? 86_400 : value.period === 'hour' ? 3600 : 60);
      };
      const error = limit(criteria.error_after);
      const warn = limit(criteria.warn_after);
      const status = error !== null && ageSeconds > error ? 'error' : warn !== null && ageSeconds > warn ? 'warn' : 'pass';
      return {
        unique_id: id,
        max_loaded_at: new Date(start.getTime() - ageSeconds * 1000).toISOString(),
        snapshotted_at: start.toISOString(),
        max_loaded_at_time_ago_in_s: ageSeconds,
        status,
        criteria: { warn_after: criteria.warn_after ?? null, error_after: criteria.error_after ?? null, filter: criteria.filter ?? null },
        adapter_response: { _message: 'OK' },
        timing: [{ name: 'execute', started_at: start.toISOString(), completed_at: start.toISOString() }],
        thread_id: 'Thread-1 (worker)',
        execution_time: 0.05,
      };
    });
  return { metadata: artifactMetadata('sources', invocation, start.toISOString()), results, elapsed_time: results.length * 0.05 };
}
