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
import { useAppSelector } from '../../../state/hooks';
import { ObjectiveBadge, objectiveText } from './ObjectiveStatus';
import { ProductDialog } from './ProductDialog';
import '../catalog.css';

function Products({ mayEdit }: { mayEdit: boolean }) {
  const { currentData, error, isFetching, refetch } = useListProductsQuery();
  return (
    <QueryResult
      data={currentData}
      error={error}
      isFetching={isFetching}
      refetch={refetch}
      loadingLabel="Loading the data products…"
      errorTitle="The data products could not be loaded"
    >
      {({ products }) =>
        products.length === 0 ? (
          <EmptyState title="No data products yet">
            {mayEdit
              ? 'Group the assets and exposures a team relies on into a product with New data product.'
              : 'Your catalog editors have not defined any yet.'}
          </EmptyState>
        ) : (
          <div className="table-responsive">
            <table className="table align-middle">
              <caption className="small">{`${formatCount(products.length)} data products`}</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Owner</th>
                  <th scope="col">Domain</th>
                  <th scope="col" className="text-end">
                    Assets
                  </th>
                  <th scope="col" className="text-end">
                    Exposures
                  </th>
                  <th scope="col">Objective</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {products.map((product) => (
                  <tr key={product.id}>
                    <th scope="row">
                      <Link to={catalogProductPath(product.id)}>{product.name}</Link>
                    </th>
                    <td>{product.owner}</td>
                    <td>{product.domain ?? '–'}</td>
                    <td className="text-end">{formatCount(product.assetCount)}</td>
                    <td className="text-end">{formatCount(product.exposureCount)}</td>
                    <td className="small">{objectiveText(product.objective)}</td>
                    <td>
                      <ObjectiveBadge status={product.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
