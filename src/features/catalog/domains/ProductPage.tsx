// /app/data-catalog/products/:productId: one data product — what it is for, who owns it,
// whether it meets its objective and why not, its assets and exposures (each with its build
// cost), and what building everything it needs cost over the last 30 days.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { mayEditCatalogOrganisation } from '@common/catalog-domains/catalogOrganisationRules';
import type { ProductDetail } from '@common/catalog-domains/productsContract';
import { appPaths, catalogAssetPath } from '@common/paths';
import { useDeleteProductMutation, useGetProductQuery } from '../../../api/catalogDomainsApi';
import { selectRealmRoles } from '../../../auth';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DbtPage } from '../../../components/DbtPage';
import { formatMoney } from '../../../components/format';
import { Markdown } from '../../../components/Markdown';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { SimpleTable } from '../../../components/SimpleTable';
import { useDeleteConfirm } from '../../../components/useDeleteConfirm';
import { useAppSelector } from '../../../state/hooks';
import { BuildCost } from './BuildCost';
import { ObjectiveBadge, ObjectiveChecks, objectiveText } from './ObjectiveStatus';
import { ProductDialog } from './ProductDialog';
import '../catalog.css';

function Members({ product }: { product: ProductDetail }) {
  const currency = product.costWindow?.currency ?? 'USD';
  const memberCost = (uniqueId: string) => product.memberCosts?.[uniqueId];
  return (
    <SimpleTable
      caption="A model costs its own builds over the last 30 days (as on its page); an exposure, what building everything upstream of it cost."
      captionClassName="small"
      rows={product.members}
      rowKey={(member) => member.uniqueId}
      empty={<p className="mb-0">No assets yet.</p>}
      columns={[
        {
          header: 'Asset',
          rowHeader: true,
          cell: (member) =>
            member.present ? (
              <Link to={catalogAssetPath(member.uniqueId)}>{member.name}</Link>
            ) : (
              <span>{`${member.uniqueId} (no longer in the project)`}</span>
            ),
        },
        { header: 'Type', cell: (member) => member.resourceType },
        {
          header: 'Build cost (30 days)',
          className: 'text-end',
          cell: (member) => {
            const cost = memberCost(member.uniqueId);
            return cost === undefined ? '–' : formatMoney(cost, currency);
          },
        },
      ]}
    />
  );
}

function Product({ product, mayEdit }: { product: ProductDetail; mayEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const navigate = useNavigate();
  const deleting = useDeleteConfirm(
    useDeleteProductMutation(),
    (asked: typeof product) => asked.id,
    () => navigate(appPaths.catalogProducts),
  );
  return (
    <>
      <dl className="d-flex flex-wrap gap-4 mb-3">
        <div>
          <dt className="small text-body-secondary">Owner</dt>
          <dd className="mb-0">{product.owner}</dd>
        </div>
        <div>
          <dt className="small text-body-secondary">Domain</dt>
          <dd className="mb-0">{product.domain ?? '–'}</dd>
        </div>
        <div>
          <dt className="small text-body-secondary">Objective</dt>
          <dd className="mb-0">
            <ObjectiveBadge status={product.status} /> {objectiveText(product.objective)}
          </dd>
        </div>
      </dl>
      {product.description ? <Markdown text={product.description} /> : null}
      {mayEdit ? (
        <div className="d-flex gap-2 mb-3">
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setEditing(true)}>
            Change
          </button>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => deleting.ask(product)}>
            Delete
          </button>
        </div>
      ) : null}
      <Panel title="Objective" description="Judged on the latest freshness results and test states the portal holds.">
        <ObjectiveChecks status={product.status} />
      </Panel>
      <Panel
        title="Build cost"
        description="Everything the product needs — its models and every model upstream of its assets and exposures — built over the last 30 days."
      >
        {product.cost && product.costWindow ? (
          <BuildCost figures={product.cost} currency={product.costWindow.currency} what="this product" />
        ) : (
          <p className="mb-0">{product.costUnavailable ?? 'No warehouse figures yet.'}</p>
        )}
      </Panel>
      <Panel title="Assets and exposures">
        <Members product={product} />
      </Panel>
      {editing ? <ProductDialog product={product} onCancel={() => setEditing(false)} onDone={() => setEditing(false)} /> : null}
      {deleting.target ? (
        <ConfirmDialog title={`Delete ${product.name}?`} confirmLabel="Delete" busyLabel="Deleting…" {...deleting.dialogProps}>
          The product and its objective go; its assets and exposures stay in the catalog.
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export default function ProductPage() {
  const { productId = '' } = useParams();
  const mayEdit = mayEditCatalogOrganisation(useAppSelector(selectRealmRoles));
  const read = useGetProductQuery(productId);
  const { currentData } = read;
  return (
    <DbtPage
      id="product-title"
      title={currentData?.name ?? 'Data product'}
      back={
        <p className="mb-1 small">
          <Link to={appPaths.catalogProducts}>All data products</Link>
        </p>
      }
    >
      {() => (
        <QueryResult query={read} loadingLabel="Loading the data product…" errorTitle="The data product could not be loaded">
          {(product) => <Product product={product} mayEdit={mayEdit} />}
        </QueryResult>
      )}
    </DbtPage>
  );
}
