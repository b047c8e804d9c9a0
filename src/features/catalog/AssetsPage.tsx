// /app/data-catalog/assets: every data asset of the dbt project (models, sources, seeds,
// snapshots by default), filtered by facets and paged by the server; each opens its own page.
import { Link, useSearchParams } from 'react-router-dom';
import type { SearchHit } from '@common/dbt/catalogContract';
import { useSearchCatalogQuery } from '../../api/dbtApi';
import { dbtPageOf } from '../../components/DbtPage';
import { formatCount } from '../../components/format';
import { QueryResult } from '../../components/QueryResult';
import { SimpleTable } from '../../components/SimpleTable';
import { FacetFilters } from './FacetFilters';
import { nodePagePath } from './nodePagePath';
import { ResultPages } from './ResultPages';
import { apiQuery } from './searchParams';
import './catalog.css';

const assetKinds = ['model', 'source', 'seed', 'snapshot'];

function AssetRows({ hits }: { hits: SearchHit[] }) {
  return (
    <SimpleTable
      caption="Data assets"
      rows={hits}
      rowKey={(hit) => hit.uniqueId}
      columns={[
        { header: 'Asset', rowHeader: true, cell: (hit) => <Link to={nodePagePath(hit.uniqueId)}>{hit.name}</Link> },
        { header: 'Type', cell: (hit) => hit.resourceType },
        {
          header: 'Database.schema',
          cellClassName: 'text-nowrap',
          cell: (hit) => [hit.database, hit.schema].filter(Boolean).join('.') || '–',
        },
        { header: 'Tags', cell: (hit) => hit.tags.join(', ') || '–' },
        { header: 'Health', cell: (hit) => hit.health ?? '–' },
        { header: 'Tests', cell: (hit) => hit.testStatus ?? '–' },
      ]}
    />
  );
}

function Assets() {
  const [params] = useSearchParams();
  const searchCatalog = useSearchCatalogQuery(apiQuery(params, { kind: assetKinds }));
  return (
    <QueryResult query={searchCatalog} loadingLabel="Loading the assets…" errorTitle="The assets could not be loaded">
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

export default dbtPageOf(
  {
    id: 'assets-title',
    title: 'Data Assets',
    intro: 'The tables and views your dbt project builds and reads, with their owners, tags and test results.',
  },
  Assets,
);
