// /app/data-catalog/products: the organisation's data products — assets and exposures grouped
// with an owner and an objective — each with whether it meets it; editors add new ones.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { mayEditCatalogOrganisation } from '@common/catalog-domains/catalogOrganisationRules';
import { catalogProductPath } from '@common/paths';
import { useListProductsQuery } from '../../../api/catalogDomainsApi';
import { selectRealmRoles } from '../../../auth';
import { DbtPage } from '../../../components/DbtPage';
import { EmptyState } from '../../../components/EmptyState';
import { formatCount } from '../../../components/format';
import { QueryResult } from '../../../components/QueryResult';
import { SimpleTable } from '../../../components/SimpleTable';
import { useAppSelector } from '../../../state/hooks';
import { ObjectiveBadge, objectiveText } from './ObjectiveStatus';
import { ProductDialog } from './ProductDialog';
import '../catalog.css';

function Products({ mayEdit }: { mayEdit: boolean }) {
  const productsQuery = useListProductsQuery();
  return (
    <QueryResult query={productsQuery} loadingLabel="Loading the data products…" errorTitle="The data products could not be loaded">
      {({ products }) =>
        products.length === 0 ? (
          <EmptyState title="No data products yet">
            {mayEdit
              ? 'Group the assets and exposures a team relies on into a product with New data product.'
              : 'Your catalog editors have not defined any yet.'}
          </EmptyState>
        ) : (
          <SimpleTable
            caption={`${formatCount(products.length)} data products`}
            captionClassName="small"
            className="table align-middle"
            rows={products}
            columns={[
              { header: 'Product', rowHeader: true, cell: (product) => <Link to={catalogProductPath(product.id)}>{product.name}</Link> },
              { header: 'Owner', cell: (product) => product.owner },
              { header: 'Domain', cell: (product) => product.domain ?? '–' },
              { header: 'Assets', className: 'text-end', cell: (product) => formatCount(product.assetCount) },
              { header: 'Exposures', className: 'text-end', cell: (product) => formatCount(product.exposureCount) },
              { header: 'Objective', cellClassName: 'small', cell: (product) => objectiveText(product.objective) },
              { header: 'Status', cell: (product) => <ObjectiveBadge status={product.status} /> },
            ]}
          />
        )
      }
    </QueryResult>
  );
}

export default function ProductsPage() {
  const mayEdit = mayEditCatalogOrganisation(useAppSelector(selectRealmRoles));
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <DbtPage
        id="products-title"
        title="Data Products"
        intro="Assets and exposures grouped for the people who rely on them, each with an owner and an objective on freshness and tests."
        action={
          mayEdit ? (
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              New data product
            </button>
          ) : undefined
        }
      >
        {() => <Products mayEdit={mayEdit} />}
      </DbtPage>
      {adding ? <ProductDialog onCancel={() => setAdding(false)} onDone={(id) => navigate(catalogProductPath(id))} /> : null}
    </>
  );
}
