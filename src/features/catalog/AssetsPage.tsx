// /app/data-catalog/assets: every data asset of the dbt project (models, sources, seeds,
// snapshots by default), filtered by facets and paged by the server; each opens its own page.
import { Link, useSearchParams } from 'react-router-dom';
import type { SearchHit } from '@common/dbt/catalogContract';
import { useSearchCatalogQuery } from '../../api/dbtApi';
import { DbtPage } from '../../components/DbtPage';
import { formatCount } from '../../components/format';
import { QueryResult } from '../../components/QueryResult';
import { FacetFilters } from './FacetFilters';
import { nodePagePath } from './nodePagePath';
import { ResultPages } from './ResultPages';
import { apiQuery } from './searchParams';
import './catalog.css';

const assetKinds = ['model', 'source', 'seed', 'snapshot'];

function AssetRows({ hits }: { hits: SearchHit[] }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle">
        <caption className="visually-hidden">Data assets</caption>
        <thead>
          <tr>
            <th scope="col">Asset</th>
            <th scope="col">Type</th>
            <th scope="col">Database.schema</th>
            <th scope="col">Tags</th>
            <th scope="col">Tests</th>
          </tr>
        </thead>
        <tbody>
          {hits.map((hit) => (
            <tr key={hit.uniqueId}>
              <th scope="row">
                <Link to={nodePagePath(hit.uniqueId)}>{hit.name}</Link>
              </th>
              <td>{hit.resourceType}</td>
              <td className="text-nowrap">{[hit.database, hit.schema].filter(Boolean).join('.') || '–'}</td>
              <td>{hit.tags.join(', ') || '–'}</td>
              <td>{hit.testStatus ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Assets() {
  const [params] = useSearchParams();
  const { currentData, error, isFetching, refetch } = useSearchCatalogQuery(apiQuery(params, { kind: assetKinds }));
  return (
    <QueryResult
      data={currentData}
      error={error}
      isFetching={isFetching}
      refetch={refetch}
      loadingLabel="Loading the assets…"
      errorTitle="The assets could not be loaded"
    >
      {(result) => {
        return (
          <div className="row">
            <aside className="col-md-3" aria-label="Filters">
              <FacetFilters facets={result.facets} />
            </aside>
            <div className="col-md-9">
              <p className="small text-body-secondary" role="status">
                {formatCount(result.total)} assets
              </p>
              <AssetRows hits={result.hits} />
              <ResultPages total={result.total} label="Asset pages" />
            </div>
          </div>
        );
      }}
    </QueryResult>
  );
}

export default function AssetsPage() {
  return (
    <DbtPage
      id="assets-title"
      title="Data Assets"
      intro="The tables and views your dbt project builds and reads, with their owners, tags and test results."
    >
      {() => <Assets />}
    </DbtPage>
  );
}
