// One connection (Manage connectors with ?connection=<id>): source → warehouse, its health,
// Sync now with live progress and Cancel, and the Status, Timeline, Schema and Settings tabs.
// The tab is in the address (?tab=), so the back button and links land where they should.
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link } from 'react-router-dom';
import { FINISHED_SYNC_STATUSES } from '@common/integrations/integrationsRules';
import { appPaths } from '@common/paths';
import { apiErrorMessage, isNotFound } from '../../api/apiError';
import { useGetConnectionQuery, useSyncConnectionMutation } from '../../api/integrationsApi';
import { EmptyState } from '../../components/EmptyState';
import { InlineError } from '../../components/InlineError';
import { QueryResult } from '../../components/QueryResult';
import { ConnectorIcon } from './ConnectorIcon';
import { HealthBadge } from './HealthBadge';
import { SchemaTab } from './SchemaTab';
import { scheduleText } from './scheduleText';
import { SettingsTab } from './SettingsTab';
import { StatusTab } from './StatusTab';
import { SyncProgressPanel } from './SyncProgressPanel';
import { TimelineTab } from './TimelineTab';
import { useSyncProgress } from './useSyncProgress';

export const connectionTabs = ['status', 'timeline', 'schema', 'settings'] as const;
export type ConnectionTab = (typeof connectionTabs)[number];

interface ConnectionPageProps {
  id: string;
  tab: ConnectionTab;
  onTab: (tab: ConnectionTab) => void;
}

export function ConnectionPage({ id, tab, onTab }: ConnectionPageProps) {
  const connection = useGetConnectionQuery(id);
  const live = useSyncProgress(id);
  const [sync, syncing] = useSyncConnectionMutation();
  const back = (
    <p className="mb-2">
      <Link to={appPaths.manageConnectors}>← All connections</Link>
    </p>
  );
  if (connection.error && isNotFound(connection.error)) {
    return (
      <>
        {back}
        <h1 className="h3">Connection not found</h1>
        <EmptyState title="There is no such connection in your organisation.">
          <Link to={appPaths.manageConnectors}>Back to the connections</Link>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {back}
      <QueryResult
        data={connection.currentData ?? connection.data}
        error={connection.error}
        isFetching={connection.isFetching && !connection.data}
        refetch={connection.refetch}
        loadingLabel="Loading the connection…"
        errorTitle="The connection could not be loaded"
      >
        {(view) => {
          const job = view.lastJob;
          const liveJob = live && !FINISHED_SYNC_STATUSES.includes(live.status) ? live : null;
          const running = liveJob !== null || (job !== null && !FINISHED_SYNC_STATUSES.includes(job.status));
          return (
            <>
              <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-1">
                <h1 className="h3 mb-0 d-flex align-items-center gap-2">
                  <ConnectorIcon name={view.source.icon} />
                  {view.name}
                </h1>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={syncing.isLoading || running}
                  onClick={() => void sync(view.id)}
                >
                  {running ? 'Syncing…' : 'Sync now'}
                </button>
              </div>
              <p className="text-body-secondary">
                {'From source '}
                <strong className="text-body">{view.source.name}</strong>
                {' into warehouse schema '}
                <code className="text-body">{view.destinationSchema}</code>
                {` · ${scheduleText(view.schedule)} · ${view.engine === 'airbyte' ? 'runs on Airbyte' : 'runs in the portal'} · `}
                <HealthBadge health={view.health} />
              </p>
              {syncing.error ? <InlineError>{apiErrorMessage(syncing.error)}</InlineError> : null}
              {job && (running || (live && live.jobId === job.id)) ? <SyncProgressPanel job={job} /> : null}
              <Tabs
                id="connection-tabs"
                transition={false}
                activeKey={tab}
                onSelect={(key) => onTab((key ?? 'status') as ConnectionTab)}
                className="mb-3"
                mountOnEnter
              >
                <Tab eventKey="status" title="Status">
                  <StatusTab connection={view} />
                </Tab>
                <Tab eventKey="timeline" title="Timeline">
                  <TimelineTab connectionId={view.id} />
                </Tab>
                <Tab eventKey="schema" title="Schema">
                  <SchemaTab connection={view} />
                </Tab>
                <Tab eventKey="settings" title="Settings">
                  <SettingsTab key={view.id} connection={view} />
                </Tab>
              </Tabs>
            </>
          );
        }}
      </QueryResult>
    </>
  );
}
