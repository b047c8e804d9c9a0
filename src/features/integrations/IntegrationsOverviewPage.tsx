// /app/integrations: connections by status, rows synced per day over the last 30 days, and the
// latest failures with their reasons in words.
import { Link } from 'react-router-dom';
import { appPaths } from '@common/paths';
import { useGetOverviewQuery } from '../../api/integrationsApi';
import { BarChart } from '../../components/charts/BarChart';
import { DateTimeText } from '../../components/DateTimeText';
import { formatCount } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { QueryResult } from '../../components/QueryResult';
import { SimpleTable } from '../../components/SimpleTable';
import { healthText } from './scheduleText';
import { useSyncProgress } from './useSyncProgress';

const shownHealths = ['healthy', 'failing', 'paused', 'syncing', 'pending'] as const;

/**
 * Rows are whole: with few rows the chart's axis steps by fractions, which rounded would repeat
 * the same figure ("1 1 1 0 0"); those ticks are left unlabelled, whole ones keep their figure.
 */
const rowTick = (value: number): string => (Number.isInteger(value) ? formatCount(value) : '');

export default function IntegrationsOverviewPage() {
  const overview = useGetOverviewQuery();
  useSyncProgress(null);
  return (
    <>
      <PageHeader
        title="Integrations"
        className="mb-1"
        actions={
          <div className="d-flex gap-2">
            <Link className="btn btn-outline-primary" to={appPaths.manageConnectors}>
              Manage connectors
            </Link>
            <Link className="btn btn-primary" to={appPaths.addConnector}>
              Add connector
            </Link>
          </div>
        }
      />
      <p className="text-body-secondary mb-4">Data copied from your sources into the warehouse.</p>
      <QueryResult
        data={overview.currentData ?? overview.data}
        error={overview.error}
        isFetching={overview.isFetching && !overview.data}
        refetch={overview.refetch}
        loadingLabel="Loading the overview…"
        errorTitle="The overview could not be loaded"
      >
        {(data) => {
          const total = data.rowsPerDay.reduce((sum, day) => sum + day.rows, 0);
          return (
            <>
              <section aria-labelledby="status-title" className="mb-4">
                <h2 className="h5" id="status-title">
                  Connections by status
                </h2>
                <ul className="list-unstyled d-flex flex-wrap gap-3">
                  {shownHealths.map((name) => (
                    <li key={name} className="border rounded px-3 py-2">
                      <Link to={`${appPaths.manageConnectors}?health=${name}`} className="text-decoration-none">
                        <span className="d-block fs-4 fw-semibold">{data.counts[name] ?? 0}</span>
                        <span>{healthText[name]}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
              <section aria-labelledby="rows-title" className="mb-4">
                <h2 className="h5" id="rows-title">
                  Rows synced per day
                </h2>
                <p>{`${formatCount(total)} rows over the last ${data.rowsPerDay.length} days (UTC).`}</p>
                {total === 0 ? (
                  // Nothing to draw: an empty chart's axis would count fractions of a row.
                  <p className="text-body-secondary">No rows were synced in these days, so there is no chart to show.</p>
                ) : (
                  <BarChart
                    title="Rows synced per day, last 30 days"
                    labels={data.rowsPerDay.map((day) => day.day.slice(5))}
                    series={[{ label: 'Rows', values: data.rowsPerDay.map((day) => day.rows) }]}
                    formatValue={rowTick}
                    height={240}
                  />
                )}
                <details className="mt-2">
                  <summary>The figures as a table</summary>
                  <SimpleTable
                    caption="Rows synced per day"
                    captionClassName="caption-top"
                    className="table table-sm"
                    responsive={false}
                    rows={data.rowsPerDay}
                    rowKey={(day) => day.day}
                    columns={[
                      { header: 'Day', rowHeader: true, cell: (day) => day.day },
                      { header: 'Rows', className: 'text-end', cell: (day) => formatCount(day.rows) },
                    ]}
                  />
                </details>
              </section>
              <section aria-labelledby="failures-title">
                <h2 className="h5" id="failures-title">
                  Recent failures
                </h2>
                {data.recentFailures.length === 0 ? (
                  <p>No sync has failed recently.</p>
                ) : (
                  <ul className="list-group">
                    {data.recentFailures.map((failure) => (
                      <li key={failure.id} className="list-group-item">
                        <Link to={`${appPaths.manageConnectors}?connection=${encodeURIComponent(failure.connectionId)}&tab=timeline`}>
                          {failure.connectionName}
                        </Link>
                        {' · '}
                        <DateTimeText iso={failure.endedAt ?? failure.createdAt} />
                        <div className="small">{failure.failure ?? 'No reason was given.'}</div>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </>
          );
        }}
      </QueryResult>
    </>
  );
}
