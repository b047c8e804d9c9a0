// /app/api-management (Developer Settings): the API keys that call the organisation's data
// APIs (created with scopes, fixed values, expiry and a rate limit; the secret shown once) and
// the usage of those calls.
import { useListApiKeysQuery, useListDataEndpointsQuery } from '../../api/dataApiApi';
import { Panel } from '../../components/Panel';
import { KeysPanel } from './KeysPanel';
import { UsagePanel } from './UsagePanel';
import './dataApi.css';

export default function ApiManagementPage() {
  const endpoints = useListDataEndpointsQuery();
  const keys = useListApiKeysQuery();
  return (
    <>
      <h1 className="h3 mb-1">API Management</h1>
      <p className="text-body-secondary mb-4">Keys for your data API endpoints, and how they are used.</p>
      <Panel title="API keys" description="A key calls only the endpoints it names, within its rate limit, until it expires or is revoked.">
        <KeysPanel endpoints={endpoints.currentData ?? []} />
      </Panel>
      <Panel title="Usage" description="Every call with a key: status, latency and rows returned.">
        <UsagePanel endpoints={endpoints.currentData ?? []} keys={keys.currentData ?? []} />
      </Panel>
    </>
  );
}
