// /app/data-catalog/observability/incident-manager: incidents opened by failing dbt tests and
// stale sources at ingestion, filtered and paged by the server; the chosen one (`?incident=`)
// opens below with its moves and timeline; time to acknowledge and resolve per domain.
import { useSearchParams } from 'react-router-dom';
import { incidentStateLabels, incidentStates } from '@common/catalog-quality/incidentRules';
import { useGetIncidentMetricsQuery, useListIncidentsQuery } from '../../../api/catalogQualityApi';
import { DateTimeText } from '../../../components/DateTimeText';
import { DbtPage } from '../../../components/DbtPage';
import { formatCount, formatDuration } from '../../../components/format';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { SimpleTable } from '../../../components/SimpleTable';
import { AddressPages, OpenableTable } from './OpenableList';
import { IncidentAssetLink } from './IncidentAssetLink';
import { IncidentDetail } from './IncidentDetail';
import { ParamSelect } from './ParamSelect';
import { pageOf, withParam } from './qualityParams';
import { IncidentStateBadge } from './StatusBadge';
import '../catalog.css';
import './observability.css';

const PAGE_SIZE = 25;

function listQuery(params: URLSearchParams): string {
  const query = new URLSearchParams();
  const state = params.get('state');
  if (state === 'all') query.set('open', 'false');
  else if (state) query.set('state', state);
  const severity = params.get('severity');
  if (severity) query.set('severity', severity);
  const q = params.get('q');
  if (q) query.set('q', q);
  query.set('page', String(pageOf(params)));
  query.set('pageSize', String(PAGE_SIZE));
  return query.toString();
}

const stateOptions = [
  ['', 'Open (not resolved)'],
  ...incidentStates.map((state) => [state, incidentStateLabels[state]] as const),
  ['all', 'All'],
] as const;
const severityOptions = [['', 'Any'], ...[1, 2, 3, 4, 5].map((value) => [String(value), `Severity ${value}`] as const)] as const;

function Filters() {
  const [params, setParams] = useSearchParams();
  return (
    <form className="row g-2 align-items-end mb-3" role="search" aria-label="Filter incidents" onSubmit={(event) => event.preventDefault()}>
      <ParamSelect id="incident-state" label="State" name="state" options={stateOptions} className="col-sm-4 col-lg-3" />
      <ParamSelect id="incident-severity-filter" label="Severity" name="severity" options={severityOptions} className="col-sm-4 col-lg-2" />
      <div className="col-sm-4 col-lg-3">
        <label htmlFor="incident-search" className="form-label small mb-1">
          Test, asset or domain
        </label>
        <input
          id="incident-search"
          type="search"
          className="form-control form-control-sm"
          defaultValue={params.get('q') ?? ''}
          maxLength={200}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setParams(withParam(params, 'q', event.currentTarget.value.trim() || null));
          }}
        />
      </div>
    </form>
  );
}

function Incidents() {
  const [params] = useSearchParams();
  const read = useListIncidentsQuery(listQuery(params));
  return (
    <QueryResult query={read} loadingLabel="Loading the incidents…" errorTitle="The incidents could not be loaded">
      {(result) => (
        <>
          <p className="small text-body-secondary" role="status">
            {`${formatCount(result.total)} incidents shown. ${incidentStates.map((state) => `${incidentStateLabels[state]}: ${formatCount(result.counts[state] ?? 0)}`).join(' · ')}`}
          </p>
          {result.incidents.length > 0 ? (
            <OpenableTable
              caption="Incidents"
              rows={result.incidents}
              rowId={(incident) => incident.id}
              param="incident"
              nameHeader="Incident"
              name={(incident) => incident.name}
              columns={[
                {
                  header: 'Asset',
                  cellClassName: 'text-break',
                  cell: (incident) => <IncidentAssetLink incident={incident} />,
                },
                { header: 'Domain', cell: (incident) => incident.domain ?? '–' },
                {
                  header: 'State',
                  cell: (incident) => (
                    <>
                      <IncidentStateBadge state={incident.state} />
                      {incident.passingSince && incident.state !== 'resolved' ? (
                        <span className="badge text-bg-success ms-1">Passing again</span>
                      ) : null}
                    </>
                  ),
                },
                { header: 'Severity', className: 'text-end', cell: (incident) => incident.severity },
                { header: 'Assignee', cell: (incident) => incident.assignee?.username ?? '–' },
                { header: 'Failing runs', className: 'text-end', cell: (incident) => formatCount(incident.failureCount) },
                { header: 'Last failed', cellClassName: 'text-nowrap', cell: (incident) => <DateTimeText iso={incident.lastFailedAt} /> },
              ]}
            />
          ) : (
            <p>No incident matches these filters.</p>
          )}
          <AddressPages label="Incident pages" total={result.total} pageSize={PAGE_SIZE} />
        </>
      )}
    </QueryResult>
  );
}

function DomainMetrics() {
  const read = useGetIncidentMetricsQuery();
  return (
    <Panel title="Response per domain" description="Median time from an incident opening to its acknowledgement and to its resolution.">
      <QueryResult query={read} loadingLabel="Loading the figures…" errorTitle="The figures could not be loaded">
        {({ domains }) => (
          <SimpleTable
            caption="Time to acknowledge and resolve per domain"
            className="table table-sm mb-0"
            responsive={false}
            rows={domains}
            rowKey={(row) => row.domain ?? '(none)'}
            empty={<p className="mb-0">No incidents yet.</p>}
            columns={[
              { header: 'Domain', rowHeader: true, cell: (row) => row.domain ?? 'No domain' },
              { header: 'Incidents', className: 'text-end', cell: (row) => formatCount(row.incidents) },
              { header: 'Open', className: 'text-end', cell: (row) => formatCount(row.open) },
              {
                header: 'Time to acknowledge',
                className: 'text-end',
                cell: (row) => (row.medianAcknowledgeSeconds === null ? '–' : formatDuration(row.medianAcknowledgeSeconds * 1000)),
              },
              {
                header: 'Time to resolve',
                className: 'text-end',
                cell: (row) => (row.medianResolveSeconds === null ? '–' : formatDuration(row.medianResolveSeconds * 1000)),
              },
            ]}
          />
        )}
      </QueryResult>
    </Panel>
  );
}

export default function IncidentsPage() {
  const [params] = useSearchParams();
  const incident = params.get('incident');
  return (
    <DbtPage
      id="incidents-title"
      title="Incident Manager"
      intro="Incidents opened by failing dbt tests and stale sources: acknowledge, assign, resolve with a reason, and follow each one's timeline."
    >
      {() => (
        <>
          <Panel title="Incidents">
            <Filters />
            <Incidents />
          </Panel>
          {incident ? <IncidentDetail id={incident} /> : null}
          <DomainMetrics />
        </>
      )}
    </DbtPage>
  );
}
