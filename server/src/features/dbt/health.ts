// Data health signals of an exposure, by the rules dbt's hosted catalog documents for exposures
// (and only those: "not built in the last 30 days" is a rule for models): an exposure is as
// healthy as what feeds it.
//   Degraded — an upstream model failed to build, a test on an upstream model or source failed
//              (or errored), or an upstream source's freshness check ended in error (stale past
//              error_after, or the check could not run).
//   Caution  — a test on an upstream node warned, an upstream source's freshness warned, or an
//              upstream model was skipped in its last run.
//   Healthy  — none of that, with at least one build or freshness result to go on (test results
//              alone say nothing about whether the models were built or the sources are fresh).
//   Unknown  — no upstream model was built and no upstream source was checked.
// Each reason says when the result it comes from ran or was checked.
import type { FreshnessStatus, TestStatus } from '@common/dbt/catalogContract';
import type { HealthSignal, HealthStatus } from '@common/dbt/consumeContract';
import type { LastTestResult, ProjectIndex } from './projectIndex.js';

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
  tests: readonly (Pick<LastTestResult, 'uniqueId' | 'name' | 'dependsOn' | 'attachedTo' | 'status' | 'message'> & {
    executedAt?: string | null;
  })[];
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

/** When a result ran or was checked, as a reason says it: "(ran 2026-01-03 10:00 UTC)". */
function when(verb: 'ran' | 'checked', at: string | null | undefined): string {
  return at ? ` (${verb} ${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC)` : '';
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
  let built = 0;
  let freshCount = 0;
  let passed = 0;
  for (const id of upstream) {
    const node = index.nodes.get(id);
    if (!node) continue;
    if (builtTypes.has(node.resourceType)) {
      const build = inputs.builds.get(id);
      if (!build) continue;
      evidence = true;
      const ran = when('ran', build.executedAt);
      if (build.status === 'error' || build.status === 'fail')
        raise('Degraded', `${capitalise(node.resourceType)} ${node.name} failed to build in its last run${ran}`);
      else if (build.status === 'skipped')
        raise('Caution', `${capitalise(node.resourceType)} ${node.name} was skipped in its last run${ran}`);
      else built += 1;
    } else if (node.resourceType === 'source') {
      const fresh = inputs.freshness.get(id);
      if (!fresh || fresh.status === 'unknown') continue;
      evidence = true;
      const checked = when('checked', fresh.checkedAt);
      if (fresh.status === 'error' || fresh.status === 'runtime error') {
        raise(
          'Degraded',
          fresh.status === 'error'
            ? `Source ${nameOf(id)} is stale (past its error_after)${checked}`
            : `Source ${nameOf(id)}: the freshness check could not run${checked}`,
        );
        staleSources.push({ uniqueId: id, name: nameOf(id), status: fresh.status, maxLoadedAt: fresh.maxLoadedAt });
      } else if (fresh.status === 'warn') {
        raise('Caution', `Source ${nameOf(id)} is stale (past its warn_after)${checked}`);
        staleSources.push({ uniqueId: id, name: nameOf(id), status: fresh.status, maxLoadedAt: fresh.maxLoadedAt });
      } else freshCount += 1;
    }
  }
  for (const test of inputs.tests) {
    // A test counts when it is on a node that feeds the exposure; one on no node (a singular test
    // over several models) when it reads one. A relationships test on another model does not.
    const onUpstream = test.attachedTo ? upstreamSet.has(test.attachedTo) : test.dependsOn.some((id) => upstreamSet.has(id));
    if (!onUpstream || test.status === 'unknown') continue;
    const ran = when('ran', test.executedAt);
    if (test.status === 'pass') passed += 1;
    if (test.status === 'fail' || test.status === 'error') {
      raise('Degraded', `Test ${test.name} ${test.status === 'fail' ? 'failed' : 'ended in an error'}${ran}`);
      failingTests.push({
        uniqueId: test.uniqueId,
        name: test.name,
        status: test.status,
        attachedTo: test.attachedTo,
        message: test.message,
      });
    } else if (test.status === 'warn') {
      raise('Caution', `Test ${test.name} returned a warning${ran}`);
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
        : 'No upstream model has a build result and no upstream source a freshness check yet',
    );
  if (status === 'Healthy') {
    // Only what the results show: how many upstream builds succeeded, sources were fresh and tests passed.
    const parts = [
      built > 0 ? `${built} upstream ${built === 1 ? 'build' : 'builds'} succeeded` : null,
      freshCount > 0 ? `${freshCount} upstream ${freshCount === 1 ? 'source is' : 'sources are'} fresh` : null,
      passed > 0 ? `${passed} ${passed === 1 ? 'test' : 'tests'} on upstream nodes passed` : null,
    ].filter((part): part is string => part !== null);
    reasons.push(`${parts.join(', ')} in their last results`);
  }
  return { status, reasons, upstream, failingTests, staleSources };
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).replace(/_/g, ' ');
}

/** A model not built successfully for this long, or a source not checked for this long, is a Caution (dbt's model and source rules). */
export const RECENCY_DAYS = 30;

const modelTypes = new Set(['model', 'seed', 'snapshot']);

/** Whether dbt's data health signals judge a node of this kind on its own (models and sources; exposures by what feeds them). */
export function hasNodeHealth(resourceType: string | undefined): boolean {
  return resourceType === 'source' || (resourceType !== undefined && modelTypes.has(resourceType));
}

const olderThan = (at: string | null, now: Date, days: number) => at !== null && now.getTime() - Date.parse(at) > days * 86_400_000;

/**
 * A model's or a source's own health, by dbt's rules for them.
 *   Model (seed, snapshot): Degraded when its last build failed or a test on it failed; Caution
 *   when it was skipped, a test on it warned, or it has not been built in the last 30 days;
 *   Healthy when its last build succeeded; Unknown when it was never built.
 *   Source: Degraded when its freshness is past error_after or the check could not run; Caution
 *   past warn_after, or when the last check is over 30 days old; Healthy when fresh; Unknown when
 *   never checked.
 * Each reason says when the result it comes from ran or was checked. Null for other kinds.
 */
type HealthTest = HealthInputs['tests'][number];

/**
 * The tests on each node, grouped once per list of tests (the project index's list is the same
 * array until the index is rebuilt): a page judging 25 nodes of a project with 50,000 tests would
 * otherwise read every test 25 times.
 */
const testsByNode = new WeakMap<HealthInputs['tests'], Map<string, HealthTest[]>>();

function testsAttachedTo(tests: HealthInputs['tests'], id: string): readonly HealthTest[] {
  let grouped = testsByNode.get(tests);
  if (!grouped) {
    grouped = new Map();
    for (const test of tests) {
      if (!test.attachedTo) continue;
      const list = grouped.get(test.attachedTo);
      if (list) list.push(test);
      else grouped.set(test.attachedTo, [test]);
    }
    testsByNode.set(tests, grouped);
  }
  return grouped.get(id) ?? [];
}

export function nodeHealth(index: ProjectIndex, id: string, inputs: HealthInputs): HealthSignal | null {
  const node = index.nodes.get(id);
  if (!node || !hasNodeHealth(node.resourceType)) return null;
  let status: HealthStatus = 'Unknown';
  const reasons: string[] = [];
  const raise = (to: HealthStatus, reason: string) => {
    if (rank[to] > rank[status]) status = to;
    reasons.push(reason);
  };
  if (node.resourceType === 'source') {
    const fresh = inputs.freshness.get(id);
    if (!fresh || fresh.status === 'unknown') return { status: 'Unknown', reasons: ['Its freshness has not been checked'] };
    const checked = when('checked', fresh.checkedAt);
    if (fresh.status === 'error') raise('Degraded', `Stale: past its error_after${checked}`);
    else if (fresh.status === 'runtime error') raise('Degraded', `The freshness check could not run${checked}`);
    else if (fresh.status === 'warn') raise('Caution', `Stale: past its warn_after${checked}`);
    if (olderThan(fresh.checkedAt, inputs.now, RECENCY_DAYS)) raise('Caution', `Not checked in the last ${RECENCY_DAYS} days${checked}`);
    if (status === 'Unknown') return { status: 'Healthy', reasons: [`Fresh${checked}`] };
    return { status, reasons };
  }
  const build = inputs.builds.get(id);
  const thing = capitalise(node.resourceType);
  if (!build) return { status: 'Unknown', reasons: [`${thing} ${node.name} has no build result`] };
  const ran = when('ran', build.executedAt);
  if (build.status === 'error' || build.status === 'fail') raise('Degraded', `Its last build failed${ran}`);
  else if (build.status === 'skipped') raise('Caution', `It was skipped in its last run${ran}`);
  else if (olderThan(build.executedAt, inputs.now, RECENCY_DAYS)) raise('Caution', `Not built in the last ${RECENCY_DAYS} days${ran}`);
  for (const test of testsAttachedTo(inputs.tests, id)) {
    const testRan = when('ran', test.executedAt);
    if (test.status === 'fail' || test.status === 'error')
      raise('Degraded', `Test ${test.name} ${test.status === 'fail' ? 'failed' : 'ended in an error'}${testRan}`);
    else if (test.status === 'warn') raise('Caution', `Test ${test.name} returned a warning${testRan}`);
  }
  if (status === 'Unknown') return { status: 'Healthy', reasons: [`Built successfully${ran}, its tests passed`] };
  return { status, reasons };
}
