// /app/integrations/manage-connectors: status counts, the connections with search, a health
// filter and bulk pause / resume / sync now. With ?connection=<id> (the links here and the
// server's failure notifications) it shows that one connection instead.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { connectionHealths, type ConnectionHealth } from '@common/integrations/integrationsRules';
import { appPaths } from '@common/paths';
import { apiErrorMessage } from '../../api/apiError';
import { useBulkConnectionsMutation, useListConnectionsQuery } from '../../api/integrationsApi';
import { EmptyState } from '../../components/EmptyState';
import { FilterSelect } from '../../components/FilterSelect';
import { InlineError } from '../../components/InlineError';
import { PageHeader } from '../../components/PageHeader';
import { QueryResult } from '../../components/QueryResult';
import { ConnectionPage, connectionTabs, type ConnectionTab } from './ConnectionPage';
import { ConnectionsTable } from './ConnectionsTable';
import { healthText } from './scheduleText';
import { useSyncProgress } from './useSyncProgress';

const countedHealths: ConnectionHealth[] = ['healthy', 'failing', 'paused', 'syncing'];

function ConnectionsList() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const health = params.get('health') ?? '';
  const [typed, setTyped] = useState(search);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulk, bulking] = useBulkConnectionsMutation();
  const [outcome, setOutcome] = useState<string | null>(null);
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (health) query.set('health', health);
  const list = useListConnectionsQuery(query.toString());
  useSyncProgress(null);

  const change = (name: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const act = async (action: 'pause' | 'resume' | 'sync') => {
    setOutcome(null);
    const result = await bulk({ action, ids: [...selected] });
    if ('data' in result && result.data) {
      const verb = action === 'sync' ? 'started syncing' : action === 'pause' ? 'paused' : 'resumed';
      const skipped = result.data.skipped.length
        ? ` ${result.data.skipped.length} skipped: ${result.data.skipped.map((skip) => skip.reason).join('; ')}`
        : '';
      setOutcome(`${result.data.done.length} ${verb}.${skipped}`);
      setSelected(new Set());
    }
  };

  return (
    <>
      <PageHeader
        title="Manage connectors"
        className="mb-1"
        actions={
          <Link className="btn btn-primary" to={appPaths.addConnector}>
            Add connector
          </Link>
        }
      />
      <p className="text-body-secondary mb-4">Connections copy data from a source into your warehouse.</p>
      <QueryResult
        data={list.currentData ?? list.data}
        error={list.error}
        isFetching={list.isFetching && !list.data}
        refetch={list.refetch}
        loadingLabel="Loading connections…"
        errorTitle="The connections could not be loaded"
      >
        {(data) => (
          <>
            <ul className="list-unstyled d-flex flex-wrap gap-3 mb-3" aria-label="Connections by status">
              {countedHealths.map((name) => (
                <li key={name} className="border rounded px-3 py-2">
                  <span className="d-block fs-4 fw-semibold">{data.counts[name] ?? 0}</span>
                  <span>{healthText[name]}</span>
                </li>
              ))}
            </ul>
            <form
              className="row g-2 align-items-end mb-3"
              role="search"
              onSubmit={(event) => {
                event.preventDefault();
                change('search', typed.trim());
              }}
            >
              <div className="col-sm-6 col-lg-4">
                <label className="form-label" htmlFor="connection-search">
                  Search connections
                </label>
                <input
                  id="connection-search"
                  type="search"
                  className="form-control"
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                />
              </div>
              <div className="col-auto">
                <button type="submit" className="btn btn-outline-primary">
                  Search
                </button>
              </div>
              <FilterSelect
                id="connection-health"
                label="Status"
                className="col-sm-4 col-lg-3"
                value={health}
                onValue={(value) => change('health', value)}
                anyLabel="Any status"
                values={connectionHealths}
                labels={healthText}
              />
            </form>
            <div className="d-flex flex-wrap gap-2 mb-2" role="group" aria-label="Bulk actions on the selected connections">
              {(['pause', 'resume', 'sync'] as const).map((action) => (
                <button
                  key={action}
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  disabled={selected.size === 0 || bulking.isLoading}
                  onClick={() => void act(action)}
                >
                  {action === 'sync' ? 'Sync now' : action === 'pause' ? 'Pause' : 'Resume'}
                  {selected.size ? ` (${selected.size})` : ''}
                </button>
              ))}
            </div>
            <div aria-live="polite">{outcome ? <p>{outcome}</p> : null}</div>
            {bulking.error ? <InlineError>{apiErrorMessage(bulking.error)}</InlineError> : null}
            {data.connections.length === 0 ? (
              <EmptyState title={search || health ? 'No connection matches.' : 'No connections yet.'}>
                <Link to={appPaths.addConnector}>Add a connector</Link>
              </EmptyState>
            ) : (
              <ConnectionsTable connections={data.connections} selected={selected} onSelected={setSelected} />
            )}
          </>
        )}
      </QueryResult>
    </>
  );
}

export default function ManageConnectorsPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('connection');
  if (!id) return <ConnectionsList />;
  const given = params.get('tab') as ConnectionTab | null;
  const tab = given && connectionTabs.includes(given) ? given : 'status';
  return <ConnectionPage id={id} tab={tab} onTab={(next) => setParams({ connection: id, tab: next })} />;
}
