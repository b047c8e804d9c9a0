// /app/api-creator (Developer Settings): the organisation's data API endpoints — named,
// versioned, read-only SQL over its warehouse — with the editor for one of them and the
// browsable OpenAPI document of what is published. The open endpoint lives in the address.
import { useSearchParams } from 'react-router-dom';
import { useGetDataEndpointQuery, useListDataEndpointsQuery } from '../../api/dataApiApi';
import { formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';
import { QueryResult } from '../../components/QueryResult';
import { SimpleTable } from '../../components/SimpleTable';
import { EndpointEditor } from './EndpointEditor';
import { OpenApiBrowser } from './OpenApiBrowser';
import './dataApi.css';

export default function ApiCreatorPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('endpoint');
  const creatingNew = params.get('new') === '1';
  const list = useListDataEndpointsQuery();
  const detail = useGetDataEndpointQuery(selected ?? '', { skip: !selected });
  const open = (id: string | null, isNew = false) => setParams(id ? { endpoint: id } : isNew ? { new: '1' } : {});

  return (
    <>
      <PageHeader title="API Creator" className="mb-1" action={{ label: 'New endpoint', onClick: () => open(null, true) }} />
      <p className="text-body-secondary mb-4">
        Turn read-only queries over your warehouse into versioned HTTP endpoints with typed, validated parameters.
      </p>
      <Panel title="Endpoints">
        <QueryResult query={list} loadingLabel="Loading endpoints" errorTitle="The endpoints could not be loaded">
          {(endpoints) => (
            <SimpleTable
              caption="Endpoints"
              className="table table-sm align-middle mb-0"
              rows={endpoints}
              rowProps={(endpoint) => ({ 'aria-current': endpoint.id === selected ? 'true' : undefined })}
              empty={<p className="mb-0">No endpoints yet. Create the first one with “New endpoint”.</p>}
              columns={[
                {
                  header: 'Name',
                  rowHeader: true,
                  cell: (endpoint) => (
                    <button type="button" className="btn btn-link p-0 font-monospace" onClick={() => open(endpoint.id)}>
                      {endpoint.name}
                    </button>
                  ),
                },
                { header: 'Description', cellClassName: 'small', cell: (endpoint) => endpoint.description },
                { header: 'Live', cell: (endpoint) => (endpoint.liveVersion ? `v${endpoint.liveVersion}` : 'not published') },
                { header: 'Draft', cell: (endpoint) => (endpoint.hasDraft ? `v${endpoint.latestVersion}` : '—') },
                { header: 'Updated', cellClassName: 'small', cell: (endpoint) => formatDateTime(endpoint.updatedAt) },
              ]}
            />
          )}
        </QueryResult>
      </Panel>
      {creatingNew ? <EndpointEditor key="new" endpoint={null} onCreated={(id) => open(id)} /> : null}
      {selected ? (
        <QueryResult query={detail} loadingLabel="Loading the endpoint" errorTitle="The endpoint could not be loaded">
          {(endpoint) => (
            <EndpointEditor
              key={`${endpoint.id}:${endpoint.latestVersion}`}
              endpoint={endpoint}
              onCreated={(id) => open(id)}
              onDeleted={() => open(null)}
            />
          )}
        </QueryResult>
      ) : null}
      <Panel
        title="API documentation"
        description="The OpenAPI 3.1 document of your published endpoints, as API key holders get it (theirs lists only what their key may call)."
      >
        <OpenApiBrowser />
      </Panel>
    </>
  );
}
