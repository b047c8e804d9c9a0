// /app/exposures/:exposureId: one exposure — what it is, its health and why (the failing tests
// and stale sources behind a bad badge), everything upstream of it as a graph, its health over
// time, and "open" to the Viewer when its URL is one of the organisation's dashboards.
import { useCallback, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ExposureDetail } from '@common/dbt/consumeContract';
import { appPaths, catalogAssetPath } from '@common/paths';
import { apiErrorMessage } from '../../api/apiError';
import { useGetExposureQuery } from '../../api/dbtApi';
import { csvFileName } from '../../components/csv';
import { DataTable } from '../../components/DataTable';
import type { DataColumn } from '../../components/dataColumn';
import { DateTimeText } from '../../components/DateTimeText';
import { DbtPage } from '../../components/DbtPage';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LineageGraph } from '../../components/lineage/LineageGraph';
import { emptyGraph, mergeLineage } from '../../components/lineage/graphModel';
import { LoadingState } from '../../components/LoadingState';
import { Markdown } from '../../components/Markdown';
import { Panel } from '../../components/Panel';
import { ExposureBuildCost } from './ExposureBuildCost';
import { OpenExposureLink } from './exposureColumns';
import { HealthBadge } from '../../components/HealthBadge';

type HistoryPoint = ExposureDetail['history'][number];
const historyColumns: DataColumn<HistoryPoint>[] = [
  { id: 'at', header: 'Ingested', rowHeader: true, value: (row) => row.at, cell: (row) => <DateTimeText iso={row.at} /> },
  { id: 'status', header: 'Health', value: (row) => row.status },
];

function upstreamModel(exposure: ExposureDetail) {
  return mergeLineage(emptyGraph(exposure.uniqueId), {
    focus: exposure.uniqueId,
    truncated: false,
    edges: exposure.edges,
    nodes: [
      {
        uniqueId: exposure.uniqueId,
        name: exposure.name,
        resourceType: 'exposure',
        projectName: exposure.projectName,
        missing: false,
        depth: 0,
        hiddenUpstream: 0,
        hiddenDownstream: 0,
        testStatus: null,
        health: exposure.health.status,
      },
      ...exposure.upstream.map((node) => ({ ...node, depth: -1, hiddenUpstream: 0, hiddenDownstream: 0, health: null })),
    ],
  });
}

function Exposure({ exposure }: { exposure: ExposureDetail }) {
  const navigate = useNavigate();
  const model = useMemo(() => upstreamModel(exposure), [exposure]);
  const open = useCallback((uniqueId: string) => navigate(catalogAssetPath(uniqueId)), [navigate]);
  return (
    <>
      <Panel title="About" actions={<OpenExposureLink exposure={exposure} />}>
        <div className="d-flex flex-wrap gap-4 mb-2">
          <div>
            <span className="small text-body-secondary d-block">Health</span>
            <HealthBadge health={exposure.health} id="exposure-health" />
          </div>
          <div>
            <span className="small text-body-secondary d-block">Type</span>
            {exposure.type}
          </div>
          <div>
            <span className="small text-body-secondary d-block">Maturity</span>
            {exposure.maturity ?? '–'}
          </div>
          <div>
            <span className="small text-body-secondary d-block">Owner</span>
            {exposure.ownerName ?? '–'}
            {exposure.ownerEmail ? (
              <>
                {' '}
                (<a href={`mailto:${exposure.ownerEmail}`}>{exposure.ownerEmail}</a>)
              </>
            ) : null}
          </div>
        </div>
        {exposure.description ? <Markdown text={exposure.description} /> : null}
        {exposure.health.reasons.length > 0 ? (
          <>
            <h3 className="h6 mt-3">Why it is {exposure.health.status.toLowerCase()}</h3>
            <ul>
              {exposure.health.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </>
        ) : null}
      </Panel>
      <Panel title="Tests failing or warning upstream">
        {exposure.failingTests.length === 0 ? (
          <p className="small text-body-secondary mb-0">Every test upstream passed at the last run.</p>
        ) : (
          <ul className="mb-0">
            {exposure.failingTests.map((test) => (
              <li key={test.uniqueId}>
                <strong>{test.name}</strong> {test.status}
                {test.attachedTo ? (
                  <>
                    {' '}
                    on <Link to={catalogAssetPath(test.attachedTo)}>{test.attachedTo.split('.').pop()}</Link>
                  </>
                ) : null}
                {test.message ? <span className="text-body-secondary"> — {test.message}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Stale sources upstream">
        {exposure.staleSources.length === 0 ? (
          <p className="small text-body-secondary mb-0">Every source upstream is fresh, or has no freshness criteria.</p>
        ) : (
          <ul className="mb-0">
            {exposure.staleSources.map((source) => (
              <li key={source.uniqueId}>
                <Link to={catalogAssetPath(source.uniqueId)}>{source.name}</Link>: <strong>{source.status}</strong>, last loaded{' '}
                <DateTimeText iso={source.maxLoadedAt} empty="never" />
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <ExposureBuildCost uniqueId={exposure.uniqueId} />
      <Panel
        title="Upstream"
        description={`${exposure.upstreamModels} models and ${exposure.upstreamSources} sources feed this exposure. Select a node to highlight its path; Enter opens it.`}
      >
        <LineageGraph model={model} onOpen={open} label={`Everything upstream of ${exposure.name}`} />
        <p className="small mt-2 mb-0">
          <Link to={`${appPaths.catalogLineage}?focus=${encodeURIComponent(exposure.uniqueId)}&upstream=3&downstream=0`}>
            Open in the lineage graph
          </Link>
        </p>
      </Panel>
      <Panel title="Health over time" description="The health signal at each ingestion of the project's artifacts.">
        <DataTable
          caption="Health over time"
          columns={historyColumns}
          rows={exposure.history}
          rowKey={(row) => row.at}
          exportFileName={csvFileName('exposure health', exposure.name)}
          initialSort={{ id: 'at', desc: true }}
          emptyText="No history yet."
        />
      </Panel>
    </>
  );
}

function ExposureLoader({ uniqueId }: { uniqueId: string }) {
  const { currentData, error, isFetching, refetch } = useGetExposureQuery(uniqueId);
  if (error && !isFetching) {
    if ((error as { status?: unknown }).status === 404) {
      return (
        <div className="alert alert-warning">
          There is no exposure “{uniqueId}” in your organisation&apos;s dbt project. <Link to={appPaths.exposures}>See all exposures</Link>.
        </div>
      );
    }
    return <ErrorAlert title="The exposure could not be loaded" message={apiErrorMessage(error)} onRetry={() => void refetch()} />;
  }
  if (!currentData) return <LoadingState label="Loading the exposure…" />;
  return <Exposure exposure={currentData} />;
}

export default function ExposurePage() {
  const { exposureId = '' } = useParams();
  return (
    <DbtPage
      id="exposure-title"
      title={exposureId.split('.').pop() || 'Exposure'}
      intro={exposureId}
      back={
        <Link to={appPaths.exposures} className="small d-inline-block mb-2">
          ← All exposures
        </Link>
      }
    >
      {() => <ExposureLoader key={exposureId} uniqueId={exposureId} />}
    </DbtPage>
  );
}
