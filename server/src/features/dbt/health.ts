// Data health signals of an exposure, by the rules dbt's hosted catalog documents: an exposure
// is as healthy as what feeds it.
//   Degraded — an upstream model failed to build, an upstream test failed (or errored), or an
//              upstream source's freshness check ended in error (stale past error_after, or the
//              check could not run).
//   Caution  — an upstream test warned, an upstream source's freshness warned, an upstream
//              model was skipped in its last run, or has not been built in the last 30 days.
//   Healthy  — none of that, with at least one build or freshness result to go on.
//   Unknown  — nothing upstream has run results or freshness results yet.
import type { FreshnessStatus, TestStatus } from '@common/dbt/catalogContract';
import type { HealthSignal, HealthStatus } from '@common/dbt/consumeContract';
import type { LastTestResult, ProjectIndex } from './projectIndex.js';

/** A model not built for this long is a Caution (dbt: "not built in the last 30 days"). */
export const RECENCY_DAYS = 30;

export interface BuildResult {
  status: string;
  executedAt: string | null;
}

export interface FreshnessResult {
  status: FreshnessStatus;
  maxLoadedAt: string | null;
  checkedAt: string | null;
}

export interface HealthInputs {
  /** Last build result of each model, seed and snapshot. */
  builds: Map<string, BuildResult>;
  /** Each test with its last status. */
  tests: readonly Pick<LastTestResult, 'uniqueId' | 'name' | 'dependsOn' | 'attachedTo' | 'status' | 'message'>[];
  /** Latest freshness result of each source. */
  freshness: Map<string, FreshnessResult>;
  now: Date;
}

export interface ExposureHealth extends HealthSignal {
  upstream: string[];
  failingTests: { uniqueId: string; name: string; status: TestStatus; attachedTo: string | null; message: string | null }[];
  staleSources: { uniqueId: string; name: string; status: FreshnessStatus; maxLoadedAt: string | null }[];
}

const builtTypes = new Set(['model', 'seed', 'snapshot']);
const rank: Record<HealthStatus, number> = { Unknown: 0, Healthy: 1, Caution: 2, Degraded: 3 };

/** Every node upstream of `id`, all depths. */
export function ancestorsOf(index: ProjectIndex, id: string): string[] {
  const seen = new Set<string>();
  const stack = [...(index.parents.get(id) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop() as string;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(index.parents.get(next) ?? []));
  }
  return [...seen];
}

function days(from: string, to: Date): number {
  return (to.getTime() - new Date(from).getTime()) / 86_400_000;
}

export function exposureHealth(index: ProjectIndex, exposureId: string, inputs: HealthInputs): ExposureHealth {
  const upstream = ancestorsOf(index, exposureId);
  const upstreamSet = new Set(upstream);
  const nameOf = (id: string) => {
    const node = index.nodes.get(id);
    return node?.resourceType === 'source' ? id.split('.').slice(2).join('.') : (node?.name ?? id);
  };
  let status: HealthStatus = 'Unknown';
  let evidence = false;
  const reasons: string[] = [];
  const raise = (to: HealthStatus, reason: string) => {
    if (rank[to] > rank[status]) status = to;
    reasons.push(reason);
  };

  const failingTests: ExposureHealth['failingTests'] = [];
  const staleSources: ExposureHealth['staleSources'] = [];
  for (const id of upstream) {
    const node = index.nodes.get(id);
    if (!node) continue;
    if (builtTypes.has(node.resourceType)) {
      const build = inputs.builds.get(id);
      if (!build) continue;
      evidence = true;
      if (build.status === 'error' || build.status === 'fail')
        raise('Degraded', `${capitalise(node.resourceType)} ${node.name} failed to build in its last run`);
      else if (build.status === 'skipped') raise('Caution', `${capitalise(node.resourceType)} ${node.name} was skipped in its last run`);
      else if (build.executedAt && days(build.executedAt, inputs.now) > RECENCY_DAYS) {
        raise('Caution', `${capitalise(node.resourceType)} ${node.name} has not been built in the last ${RECENCY_DAYS} days`);
      }
    } else if (node.resourceType === 'source') {
      const fresh = inputs.freshness.get(id);
      if (!fresh) continue;
      evidence = true;
      if (fresh.status === 'error' || fresh.status === 'runtime error') {
        raise(
          'Degraded',
          fresh.status === 'error'
            ? `Source ${nameOf(id)} is stale (past its error_after)`
            : `Source ${nameOf(id)}: the freshness check could not run`,
        );
        staleSources.push({ uniqueId: id, name: nameOf(id), status: fresh.status, maxLoadedAt: fresh.maxLoadedAt });
      } else if (fresh.status === 'warn') {
        raise('Caution', `Source ${nameOf(id)} is stale (past its warn_after)`);
        staleSources.push({ uniqueId: id, name: nameOf(id), status: fresh.status, maxLoadedAt: fresh.maxLoadedAt });
      }
    }
  }
  for (const test of inputs.tests) {
    if (!test.dependsOn.some((id) => upstreamSet.has(id)) && !(test.attachedTo && upstreamSet.has(test.attachedTo))) continue;
    if (test.status === 'unknown') continue;
    evidence = true;
    if (test.status === 'fail' || test.status === 'error') {
      raise('Degraded', `Test ${test.name} ${test.status === 'fail' ? 'failed' : 'ended in an error'}`);
      failingTests.push({
        uniqueId: test.uniqueId,
        name: test.name,
        status: test.status,
        attachedTo: test.attachedTo,
        message: test.message,
      });
    } else if (test.status === 'warn') {
      raise('Caution', `Test ${test.name} returned a warning`);
      failingTests.push({
        uniqueId: test.uniqueId,
        name: test.name,
        status: test.status,
        attachedTo: test.attachedTo,
        message: test.message,
      });
    }
  }

  if (status === 'Unknown' && evidence) status = 'Healthy';
  if (status === 'Unknown')
    reasons.push(
      upstream.length === 0
        ? 'It depends on no models or sources'
        : 'No run results or freshness checks of its upstream models and sources yet',
    );
  if (status === 'Healthy') reasons.push('Upstream models built, their tests passed and their sources are fresh');
  return { status, reasons, upstream, failingTests, staleSources };
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).replace(/_/g, ' ');
}
