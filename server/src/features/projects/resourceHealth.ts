// Each project resource's health, from the other areas through their ports: dashboards from the
// dashboards port; catalog assets and exposures from the catalog read model — the last build of
// the node and of everything upstream of an exposure, the last result of their tests and the last
// freshness check of their sources.
import type { ProjectResource, ProjectResourceKind, ResourceHealthStatus } from '@common/projects/projectsContract';
import { catalogAssetPath, exposurePath, viewerPath } from '@common/paths';
import type { CatalogReadModel, DashboardsDirectory } from '../../platform/ports/index.js';

/** Where a project's resources are looked up: the other areas' ports. */
export interface ProjectSources {
  catalog: CatalogReadModel;
  dashboards: DashboardsDirectory;
}

export interface ResourceRef {
  kind: ProjectResourceKind;
  ref: string;
}

const rank: Record<ResourceHealthStatus, number> = { healthy: 0, unknown: 1, missing: 2, warning: 3, failing: 4 };

export function worstHealth(statuses: readonly ResourceHealthStatus[]): ResourceHealthStatus {
  if (statuses.length === 0) return 'unknown';
  return statuses.reduce((worst, status) => (rank[status] > rank[worst] ? status : worst), 'healthy' as ResourceHealthStatus);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A catalog node's health from the latest evidence: its build, its tests and its sources' freshness. */
async function catalogHealth(
  sources: ProjectSources,
  organisation: string,
  uniqueId: string,
  upstream: boolean,
): Promise<{ health: ResourceHealthStatus; detail: string }> {
  const evidence = await sources.catalog.healthEvidence(organisation, uniqueId, { upstream });
  const testIds = new Set(evidence.testIds);
  let failingTests = 0;
  let warningTests = 0;
  let passingTests = 0;
  let failedBuilds = 0;
  let skippedBuilds = 0;
  for (const result of evidence.results) {
    if (testIds.has(result.uniqueId)) {
      if (result.status === 'fail' || result.status === 'error') failingTests += 1;
      else if (result.status === 'warn') warningTests += 1;
      else if (result.status === 'pass') passingTests += 1;
    } else if (result.status === 'error' || result.status === 'fail') failedBuilds += 1;
    else if (result.status === 'skipped') skippedBuilds += 1;
  }
  const staleSources = evidence.freshness.filter((f) => f.status === 'error' || f.status === 'runtime error').length;
  const lateSources = evidence.freshness.filter((f) => f.status === 'warn').length;
  const problems: string[] = [];
  if (failedBuilds) problems.push(`${plural(failedBuilds, 'build')} failed`);
  if (failingTests) problems.push(`${plural(failingTests, 'test')} failing`);
  if (staleSources) problems.push(`${plural(staleSources, 'source')} stale`);
  if (skippedBuilds) problems.push(`${plural(skippedBuilds, 'build')} skipped`);
  if (warningTests) problems.push(`${plural(warningTests, 'test')} warning`);
  if (lateSources) problems.push(`${plural(lateSources, 'source')} past warn_after`);
  if (failedBuilds || failingTests || staleSources) return { health: 'failing', detail: problems.join(', ') };
  if (skippedBuilds || warningTests || lateSources) return { health: 'warning', detail: problems.join(', ') };
  if (evidence.results.length === 0 && evidence.freshness.length === 0) return { health: 'unknown', detail: 'No run results yet' };
  return { health: 'healthy', detail: passingTests > 0 ? `${plural(passingTests, 'test')} passing` : 'Built in the last run' };
}

const isDashboardId = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

export async function describeResources(
  sources: ProjectSources,
  organisation: string,
  refs: readonly ResourceRef[],
): Promise<ProjectResource[]> {
  const hasDashboards = refs.some((r) => r.kind === 'dashboard' && isDashboardId(r.ref));
  const nodeIds = refs.filter((r) => r.kind !== 'dashboard').map((r) => r.ref);
  const [dashboards, nodes] = await Promise.all([
    hasDashboards ? sources.dashboards.list(organisation) : [],
    sources.catalog.nodes(organisation, nodeIds),
  ]);
  const dashboardById = new Map(dashboards.map((d) => [d.id, d]));
  const nodeById = new Map(nodes.map((n) => [n.uniqueId, n]));
  return Promise.all(
    refs.map(async (ref): Promise<ProjectResource> => {
      if (ref.kind === 'dashboard') {
        const dashboard = dashboardById.get(ref.ref);
        return dashboard
          ? {
              kind: ref.kind,
              ref: ref.ref,
              name: dashboard.name,
              link: viewerPath(dashboard.name, dashboard.url),
              health: 'healthy',
              detail: 'In the Viewer',
            }
          : { kind: ref.kind, ref: ref.ref, name: ref.ref, link: null, health: 'missing', detail: 'The dashboard no longer exists' };
      }
      const node = nodeById.get(ref.ref);
      const exposure = ref.kind === 'exposure';
      if (!node || (exposure && node.resourceType !== 'exposure')) {
        return { kind: ref.kind, ref: ref.ref, name: ref.ref, link: null, health: 'missing', detail: 'Not in the current dbt artifacts' };
      }
      const { health, detail } = await catalogHealth(sources, organisation, ref.ref, exposure);
      return {
        kind: ref.kind,
        ref: ref.ref,
        name: node.name,
        link: exposure ? exposurePath(ref.ref) : catalogAssetPath(ref.ref),
        health,
        detail,
      };
    }),
  );
}

const ASSET_TYPES = ['model', 'source', 'seed', 'snapshot'];

/** Whether the organisation has the resource (a dashboard by id, a catalog node of the right type by unique_id). */
export async function resourceExists(sources: ProjectSources, organisation: string, ref: ResourceRef): Promise<boolean> {
  if (ref.kind === 'dashboard') {
    if (!isDashboardId(ref.ref)) return false;
    return (await sources.dashboards.list(organisation)).some((dashboard) => dashboard.id === ref.ref);
  }
  const [node] = await sources.catalog.nodes(organisation, [ref.ref]);
  if (!node) return false;
  return ref.kind === 'exposure' ? node.resourceType === 'exposure' : ASSET_TYPES.includes(node.resourceType);
}

/** What may be added to a project: the organisation's dashboards, models, sources, seeds, snapshots and exposures. */
export async function resourceOptions(sources: ProjectSources, organisation: string) {
  const [dashboards, nodes] = await Promise.all([
    sources.dashboards.list(organisation),
    sources.catalog.nodesOfTypes(organisation, [...ASSET_TYPES, 'exposure'], 2000),
  ]);
  return [
    ...dashboards.map((d) => ({ kind: 'dashboard' as const, ref: d.id, name: d.name })),
    ...nodes.map((n) => ({
      kind: n.resourceType === 'exposure' ? ('exposure' as const) : ('catalog_asset' as const),
      ref: n.uniqueId,
      name: `${n.name} (${n.resourceType})`,
    })),
  ];
}
