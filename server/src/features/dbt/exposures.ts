// Exposures with their health (GET /api/exposures, GET /api/exposures/:uniqueId).
import type { ExposureDetail, ExposureSummary, ExposuresResponse } from '@common/dbt/consumeContract';
import type { StoreDb } from '../../platform/store/openStore.js';
import { DbtNotFoundError } from './errors.js';
import { exposureHealth, type HealthInputs } from './health.js';
import { nodeRefOf, type ProjectIndex } from './projectIndex.js';
import { currentHealthInputs, historicalHealthInputs } from './resultQueries.js';
import type { DashboardsDirectory } from '../../platform/ports/index.js';

interface ExposureRow {
  unique_id: string;
  name: string;
  description: string;
  tags: unknown;
  exposure: unknown;
}

interface ExposureInfo {
  type?: string;
  label?: string | null;
  maturity?: string | null;
  url?: string | null;
  ownerName?: string | null;
  ownerEmail?: string | null;
}

/** The organisation's dashboards by URL (the dashboards port: the Viewer's list names an exposure's dashboard). */
async function dashboardsByUrl(dashboards: DashboardsDirectory, organisation: string): Promise<Map<string, string>> {
  const rows = await dashboards.list(organisation);
  return new Map(rows.map((row) => [normaliseUrl(row.url), row.name]));
}

/** Equal URLs up to a trailing slash. */
/**
 * An exposure's URL as the API gives it: only an absolute http(s) URL. A manifest may say
 * anything (`javascript:…`), and API consumers other than the portal's pages would take it as is.
 */
function httpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function normaliseUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

async function exposureRows(db: StoreDb, organisation: string, uniqueId?: string): Promise<ExposureRow[]> {
  let query = db
    .selectFrom('dbt_nodes')
    .select(['unique_id', 'name', 'description', 'tags', 'exposure'])
    .where('organisation_id', '=', organisation)
    .where('resource_type', '=', 'exposure');
  if (uniqueId !== undefined) query = query.where('unique_id', '=', uniqueId);
  return query.orderBy('name').execute();
}

function summaryOf(
  row: ExposureRow,
  index: ProjectIndex,
  inputs: HealthInputs,
  dashboards: Map<string, string>,
): ExposureSummary & { health: ReturnType<typeof exposureHealth> } {
  const info = (row.exposure ?? {}) as ExposureInfo;
  const health = exposureHealth(index, row.unique_id, inputs);
  const types = health.upstream.map((id) => index.nodes.get(id)?.resourceType);
  return {
    uniqueId: row.unique_id,
    name: row.name,
    projectName: index.nodes.get(row.unique_id)?.project ?? '',
    label: info.label ?? null,
    type: info.type ?? 'dashboard',
    maturity: info.maturity ?? null,
    ownerName: info.ownerName ?? null,
    ownerEmail: info.ownerEmail ?? null,
    url: httpUrl(info.url),
    dashboardName: httpUrl(info.url) ? (dashboards.get(normaliseUrl(info.url as string)) ?? null) : null,
    description: row.description,
    tags: Array.isArray(row.tags) ? (row.tags as string[]) : [],
    upstreamModels: types.filter((type) => type === 'model').length,
    upstreamSources: types.filter((type) => type === 'source').length,
    health,
  };
}

export async function listExposures(
  db: StoreDb,
  organisation: string,
  index: ProjectIndex | null,
  directory: DashboardsDirectory,
  now = new Date(),
): Promise<ExposuresResponse> {
  if (!index) return { exposures: [], asOf: null };
  const [rows, inputs, dashboards] = await Promise.all([
    exposureRows(db, organisation),
    currentHealthInputs(db, organisation, index, now),
    dashboardsByUrl(directory, organisation),
  ]);
  // As of the newest of the projects' current ingestions.
  const asOf = index.ingestions.reduce<Date | null>(
    (newest, ingestion) => (newest && newest > ingestion.ingestedAt ? newest : ingestion.ingestedAt),
    null,
  );
  return {
    exposures: rows.map((row) => {
      const { health, ...summary } = summaryOf(row, index, inputs, dashboards);
      return { ...summary, health: { status: health.status, reasons: health.reasons } };
    }),
    asOf: asOf ? asOf.toISOString() : null,
  };
}

export async function exposureDetail(
  db: StoreDb,
  organisation: string,
  index: ProjectIndex | null,
  uniqueId: string,
  directory: DashboardsDirectory,
  now = new Date(),
): Promise<ExposureDetail> {
  const [row] = index ? await exposureRows(db, organisation, uniqueId) : [];
  if (!index || !row) throw new DbtNotFoundError('exposure');
  const [inputs, dashboards] = await Promise.all([
    currentHealthInputs(db, organisation, index, now),
    dashboardsByUrl(directory, organisation),
  ]);
  const { health, ...summary } = summaryOf(row, index, inputs, dashboards);
  const inGraph = new Set([...health.upstream, uniqueId]);
  const edges: { from: string; to: string }[] = [];
  for (const id of inGraph) for (const parent of index.parents.get(id) ?? []) if (inGraph.has(parent)) edges.push({ from: parent, to: id });
  const relevantTests = index.tests.filter((test) => test.dependsOn.some((id) => inGraph.has(id))).map((test) => test.uniqueId);
  const history = await historicalHealthInputs(db, organisation, index, [...health.upstream, ...relevantTests]);
  return {
    ...summary,
    health: { status: health.status, reasons: health.reasons },
    upstream: health.upstream
      .map((id) => index.nodes.get(id))
      .filter((node) => node !== undefined)
      .map((node) => ({ ...nodeRefOf(node), testStatus: index.nodeTestStatus.get(node.uniqueId) ?? null }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    edges,
    failingTests: health.failingTests,
    staleSources: health.staleSources,
    history: history.map((point) => ({ at: point.at, status: exposureHealth(index, uniqueId, point.inputs).status })),
  };
}
