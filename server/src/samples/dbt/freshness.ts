/**
 * `dbt source freshness`: for each source table with freshness criteria and a loaded-at field,
 * the newest loaded-at value (after the source's filter) against the warn and error thresholds.
 */
import type { Engine } from '../../platform/warehouse/engine.js';
import { isoOrNull } from '../../platform/warehouse/engine.js';
import { raw } from '../../platform/warehouse/sql.js';
import type { Clock, Timing } from './clock.js';
import type { CompiledSource } from './compiledTypes.js';
import type { FreshnessRule } from './projectTypes.js';

export type FreshnessCheck =
  | {
      source: CompiledSource;
      status: 'pass' | 'warn' | 'error';
      maxLoadedAt: string;
      snapshottedAt: string;
      ageSeconds: number;
      timing: Timing[];
      executionTime: number;
    }
  | { source: CompiledSource; status: 'runtime error'; error: string };

const PERIOD_SECONDS = { minute: 60, hour: 3600, day: 86_400 } as const;

function thresholdSeconds(threshold: FreshnessRule['warn_after']): number | null {
  return threshold ? threshold.count * PERIOD_SECONDS[threshold.period] : null;
}

/** dbt's rule: error when older than error_after, else warn when older than warn_after, else pass. */
export function freshnessStatus(rule: FreshnessRule, ageSeconds: number): 'pass' | 'warn' | 'error' {
  const error = thresholdSeconds(rule.error_after);
  const warn = thresholdSeconds(rule.warn_after);
  if (error !== null && ageSeconds > error) return 'error';
  if (warn !== null && ageSeconds > warn) return 'warn';
  return 'pass';
}

/** The statement dbt's collect_freshness macro runs (loaded_at_field and filter are SQL from the project). */
export function freshnessSql(source: CompiledSource): string {
  const { loadedAtField, freshness } = source.def;
  return `select max(${loadedAtField ?? 'null'}) as max_loaded_at\nfrom ${source.relation.rendered}${freshness?.filter ? `\nwhere ${freshness.filter}` : ''}`;
}

/** Sources dbt checks: those with a loaded-at field and at least one threshold. */
export function checkedSources(sources: readonly CompiledSource[]): CompiledSource[] {
  return sources.filter(
    (source) =>
      source.def.loadedAtField !== null &&
      source.def.freshness !== null &&
      (source.def.freshness.warn_after !== null || source.def.freshness.error_after !== null),
  );
}

export async function runFreshness(engine: Engine, sources: readonly CompiledSource[], clock: Clock): Promise<FreshnessCheck[]> {
  const checks: FreshnessCheck[] = [];
  for (const source of checkedSources(sources)) {
    const started = clock.elapsed();
    const compileStart = clock.now().toISOString();
    try {
      const rows = await engine.query(raw(freshnessSql(source)));
      const executeEnd = clock.now();
      const maxLoadedAt = rows[0] ? isoOrNull(rows[0], 'max_loaded_at') : null;
      if (maxLoadedAt === null) {
        checks.push({
          source,
          status: 'runtime error',
          error: `${source.def.sourceName}.${source.def.name}: no rows to take max(${source.def.loadedAtField ?? ''}) of`,
        });
        continue;
      }
      const ageSeconds = (executeEnd.getTime() - new Date(maxLoadedAt).getTime()) / 1000;
      checks.push({
        source,
        status: freshnessStatus(source.def.freshness as FreshnessRule, ageSeconds),
        maxLoadedAt,
        snapshottedAt: executeEnd.toISOString(),
        ageSeconds,
        timing: [
          { name: 'compile', started_at: compileStart, completed_at: compileStart },
          { name: 'execute', started_at: compileStart, completed_at: executeEnd.toISOString() },
        ],
        executionTime: clock.elapsed() - started,
      });
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      checks.push({ source, status: 'runtime error', error: cause instanceof Error ? cause.message : String(cause) });
    }
  }
  return checks;
}
