// /app/exposures: what the organisation's data pipelines deliver (dbt exposures: dashboards,
// notebooks, applications…) and whether the data behind each is healthy, with the reasons.
// The list is small (one row per exposure), so search and filters run on the page; they are
// kept in the address so a filtered view can be shared.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ExposureSummary, HealthStatus } from '@common/dbt/consumeContract';
import { healthStatuses } from '@common/dbt/consumeContract';
import { canOpen } from '@common/access/access';
import { useGetExposureCostsQuery } from '../../api/catalogDomainsApi';
import { useListExposuresQuery } from '../../api/dbtApi';
import { selectRealmRoles } from '../../auth';
import { csvFileName } from '../../components/csv';
import { DataTable } from '../../components/DataTable';
import { dbtPageOf } from '../../components/DbtPage';
import { EmptyState } from '../../components/EmptyState';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';
import { formatCount } from '../../components/format';
import { FigureTiles } from '../../components/FigureTiles';
import { QueryResult } from '../../components/QueryResult';
import { useAppSelector } from '../../state/hooks';
import { exposureColumns, withBuildCost } from './exposureColumns';

const distinct = (values: (string | null)[]) => [...new Set(values.filter((value): value is string => Boolean(value)))].sort();

function matches(exposure: ExposureSummary, search: string, type: string, health: string, owner: string): boolean {
  if (type && exposure.type !== type) return false;
  if (health && exposure.health.status !== health) return false;
  if (owner && (exposure.ownerName ?? exposure.ownerEmail) !== owner) return false;
  if (!search) return true;
  const needle = search.toLowerCase();
  return [exposure.name, exposure.label, exposure.description, exposure.ownerName, ...exposure.tags].some((text) =>
    text?.toLowerCase().includes(needle),
  );
}

function ExposureList({ exposures, asOf }: { exposures: ExposureSummary[]; asOf: string | null }) {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const type = params.get('type') ?? '';
  const health = params.get('health') ?? '';
  const owner = params.get('owner') ?? '';
  const set = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const types = useMemo(() => distinct(exposures.map((e) => e.type)), [exposures]);
  const owners = useMemo(() => distinct(exposures.map((e) => e.ownerName ?? e.ownerEmail)), [exposures]);
  const shown = useMemo(
    () => exposures.filter((e) => matches(e, search.trim(), type, health, owner)),
    [exposures, search, type, health, owner],
  );
  // Build cost is warehouse money: shown to those who may open Data Products (cost per asset).
  const mayCost = canOpen(useAppSelector(selectRealmRoles), 'catalogProducts');
  const costs = useGetExposureCostsQuery(undefined, { skip: !mayCost });
  const columns = useMemo(() => (costs.data ? withBuildCost(exposureColumns, costs.data) : exposureColumns), [costs.data]);
  const counts = useMemo(() => {
    const byStatus = new Map<HealthStatus, number>();
    for (const exposure of exposures) byStatus.set(exposure.health.status, (byStatus.get(exposure.health.status) ?? 0) + 1);
    return byStatus;
  }, [exposures]);

  if (exposures.length === 0) {
    return (
      <EmptyState title="No exposures in this dbt project">
        <p className="text-body-secondary mb-0">
          Declare the dashboards, notebooks and applications that read your models as <code>exposures:</code> in the project&apos;s YAML.
        </p>
      </EmptyState>
    );
  }
  return (
    <>
      <FigureTiles
        label="Exposure health"
        figures={healthStatuses.map((status) => ({ label: status, value: formatCount(counts.get(status) ?? 0) }))}
      />
      <form
        role="search"
        aria-label="Filter exposures"
        className="d-flex flex-wrap gap-2 align-items-end mb-3"
        onSubmit={(event) => event.preventDefault()}
      >
        <FormField
          label="Search"
          type="search"
          small
          className=""
          value={search}
          onValue={(value) => set('search', value)}
          placeholder="Name, owner, tag…"
        />
        <FilterSelect label="Type" value={type} onValue={(value) => set('type', value)} anyLabel="All types" values={types} small />
        <FilterSelect
          label="Health"
          value={health}
          onValue={(value) => set('health', value)}
          anyLabel="Any health"
          values={healthStatuses}
          small
        />
        <FilterSelect label="Owner" value={owner} onValue={(value) => set('owner', value)} anyLabel="Any owner" values={owners} small />
      </form>
      <p className="small text-body-secondary" aria-live="polite">
        {shown.length === exposures.length
          ? `${formatCount(exposures.length)} exposures`
          : `${formatCount(shown.length)} of ${formatCount(exposures.length)} exposures`}
      </p>
      <DataTable
        caption="Exposures"
        columns={columns}
        rows={shown}
        rowKey={(row) => row.uniqueId}
        exportFileName={csvFileName('exposures', asOf ?? new Date().toISOString())}
        initialSort={{ id: 'health', desc: true }}
        emptyText="No exposure matches these filters."
      />
    </>
  );
}

export default dbtPageOf(
  {
    id: 'exposures-title',
    title: 'Exposures',
    intro: 'The dashboards, reports and applications your dbt project feeds, and the health of the data behind them.',
  },
  ExposuresList,
);

function ExposuresList() {
  const exposuresQuery = useListExposuresQuery();
  return (
    <QueryResult query={exposuresQuery} loadingLabel="Loading exposures…" errorTitle="The exposures could not be loaded">
      {(data) => <ExposureList exposures={data.exposures} asOf={data.asOf} />}
    </QueryResult>
  );
}
