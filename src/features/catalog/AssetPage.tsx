// /app/data-catalog/assets/:assetId: one dbt node — what it is (description, owners, tags),
// its columns with types and tests, its SQL, where its data comes from and goes, its tests'
// last results, its freshness or last build, the exposures that use it, and its history. Models,
// sources, seeds and snapshots add column lineage to their columns and an impact analysis
// (?impact=…). A semantic model, metric, saved query or macro shows its definition instead of columns and tests.
import { Link, useParams } from 'react-router-dom';
import { canOpen } from '@common/access/access';
import { mayEditCatalogOrganisation } from '@common/catalog-domains/catalogOrganisationRules';
import type { AssetDetail } from '@common/dbt/catalogContract';
import { appPaths } from '@common/paths';
import { apiErrorMessage } from '../../api/apiError';
import { useGetAssetQuery } from '../../api/dbtApi';
import { selectRealmRoles } from '../../auth';
import { DateTimeText } from '../../components/DateTimeText';
import { DbtPage } from '../../components/DbtPage';
import { ErrorAlert } from '../../components/ErrorAlert';
import { HealthBadge } from '../../components/HealthBadge';
import { LoadingState } from '../../components/LoadingState';
import { Markdown } from '../../components/Markdown';
import { Panel } from '../../components/Panel';
import { formatDuration } from '../../components/format';
import { useAppSelector } from '../../state/hooks';
import { AssetDefinition } from './AssetDefinition';
import { AssetHistory } from './AssetHistory';
import { AssetTests } from './AssetTests';
import { CertifiedBadge } from './CertifiedBadge';
import { AssetColumnsSection, columnLineageKinds } from './column-lineage/AssetColumnsSection';
import { AssetImpactSection } from './column-lineage/AssetImpactSection';
import { AssetCostPanel } from './domains/AssetCostPanel';
import { AssetDomainControl } from './domains/AssetDomainControl';
import { AssetGovernancePanel } from './governance/AssetGovernancePanel';
import { ProfilePanel } from './observability/ProfilePanel';
import { NodeLinks } from './NodeLinks';
import './catalog.css';

function Facts({ asset }: { asset: AssetDetail }) {
  const rows: [string, React.ReactNode][] = [
    ['Type', asset.resourceType],
    ['Relation', asset.relationName ?? '–'],
    ['Materialisation', asset.materialized ?? '–'],
    ['Package', asset.packageName],
    ['Owners', asset.owners.join(', ') || '–'],
    ['Domain', asset.domain ?? '–'],
    ['Tags', asset.tags.join(', ') || '–'],
    ['File', asset.originalFilePath ?? '–'],
  ];
  if (asset.version) {
    // Which version this is, and whether it is the one `ref` without a version gives.
    const latest = asset.latestVersion ?? asset.version;
    rows.push(['Version', latest === asset.version ? `v${asset.version} (latest)` : `v${asset.version} (latest is v${latest})`]);
  }
  if (asset.access) rows.push(['Access', asset.access]);
  if (asset.group) rows.push(['Group', asset.group]);
  if (asset.resourceType === 'model') rows.push(['Contract', asset.contractEnforced ? 'enforced' : 'not enforced']);
  if (asset.freshness) {
    rows.push([
      'Freshness',
      <>
        {`${asset.freshness.status}${asset.freshness.ageSeconds !== null ? `, last loaded ${formatDuration(asset.freshness.ageSeconds * 1000)} ago` : ''}`}
        {/* When the status was found: an old check says little about the source today. */}
        {asset.freshness.checkedAt ? (
          <span className="d-block small text-body-secondary">
            checked <DateTimeText iso={asset.freshness.checkedAt} />
          </span>
        ) : null}
      </>,
    ]);
  }
  if (asset.lastRun) {
    rows.push([
      'Last build',
      <>
        {asset.lastRun.status}, <DateTimeText iso={asset.lastRun.executedAt} />
        {asset.lastRun.executionTime !== null ? ` (${formatDuration(asset.lastRun.executionTime * 1000)})` : ''}
        {asset.lastRun.message ? <span className="d-block small text-danger">{asset.lastRun.message}</span> : null}
      </>,
    ]);
  }
  return (
    <dl className="row mb-0">
      {rows.map(([term, value]) => (
        <div key={term} className="col-sm-6 col-lg-3 mb-2">
          <dt className="small text-body-secondary">{term}</dt>
          <dd className="mb-0 text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Kinds that have no columns nor data tests of their own: their definition says what they are. */
const definedKinds = new Set<AssetDetail['resourceType']>(['semantic_model', 'metric', 'saved_query', 'macro']);

const definitionTitles: Partial<Record<AssetDetail['resourceType'], string>> = {
  semantic_model: 'Entities, dimensions and measures',
  metric: 'Definition',
  saved_query: 'Query',
  macro: 'Arguments',
};

function Asset({ uniqueId }: { uniqueId: string }) {
  const { currentData: asset, error, isFetching, refetch } = useGetAssetQuery(uniqueId);
  // Profiles belong to Data Quality (data_catalog_advanced): shown here to those who may open it.
  const roles = useAppSelector(selectRealmRoles);
  const profiles = canOpen(roles, 'catalogDataQuality');
  // Build cost is warehouse money (data_catalog_advanced, as Data Products): shown to those who may open it.
  const costs = canOpen(roles, 'catalogProducts');
  // Domains are an advanced catalog page; their editors may place the asset by hand here too.
  const domains =
    canOpen(roles, 'catalogDomain') && ['model', 'source', 'seed', 'snapshot', 'exposure'].includes(asset?.resourceType ?? '');
  const governance = canOpen(roles, 'catalogGlossary');
  if (error && !isFetching) {
    const notFound = (error as { status?: unknown }).status === 404;
    return notFound ? (
      <div className="alert alert-warning">
        There is no asset “{uniqueId}” in your organisation&apos;s dbt project. <Link to={appPaths.catalogAssets}>See all assets</Link>.
      </div>
    ) : (
      <ErrorAlert title="The asset could not be loaded" message={apiErrorMessage(error)} onRetry={() => void refetch()} />
    );
  }
  if (!asset) return <LoadingState label="Loading the asset…" />;
  return (
    <>
      <Panel title="About">
        {asset.certified ? (
          <p className="mb-2">
            <CertifiedBadge /> <span className="small text-body-secondary">The dbt project certifies this asset.</span>
          </p>
        ) : null}
        {asset.health ? (
          <p className="mb-2">
            Health <HealthBadge health={asset.health} id="asset-health" />
          </p>
        ) : null}
        {asset.description ? <Markdown text={asset.description} /> : <p className="text-body-secondary">No description.</p>}
        <Facts asset={asset} />
        {domains ? <AssetDomainControl assetId={asset.uniqueId} mayEdit={mayEditCatalogOrganisation(roles)} /> : null}
      </Panel>
      {costs ? <AssetCostPanel assetId={asset.uniqueId} resourceType={asset.resourceType} /> : null}
      {governance ? <AssetGovernancePanel assetId={asset.uniqueId} assetName={asset.name} /> : null}
      {asset.definition ? (
        <Panel title={definitionTitles[asset.resourceType] ?? 'Definition'}>
          <AssetDefinition definition={asset.definition} />
        </Panel>
      ) : null}
      {definedKinds.has(asset.resourceType) && asset.columns.length === 0 && asset.tests.length === 0 ? null : (
        <>
          <AssetColumnsSection asset={asset} />
          <Panel title="Tests" description="The last result of each data test on this asset.">
            <AssetTests tests={asset.tests} referencedBy={asset.referencedBy} />
          </Panel>
        </>
      )}
      {asset.resourceType === 'macro' ? null : (
        <Panel
          title="Lineage"
          actions={
            <Link className="btn btn-outline-primary btn-sm" to={`${appPaths.catalogLineage}?focus=${encodeURIComponent(asset.uniqueId)}`}>
              Open in the lineage graph
            </Link>
          }
        >
          <div className="row">
            <div className="col-md-4">
              <h3 className="h6">Upstream</h3>
              <NodeLinks nodes={asset.upstream} empty="Nothing: this is where the data enters." />
            </div>
            <div className="col-md-4">
              <h3 className="h6">Downstream</h3>
              <NodeLinks nodes={asset.downstream} empty="Nothing reads it in the project." />
            </div>
            <div className="col-md-4">
              <h3 className="h6">Exposures using it</h3>
              <NodeLinks nodes={asset.exposures} empty="No exposure depends on it." />
            </div>
          </div>
        </Panel>
      )}
      {columnLineageKinds.includes(asset.resourceType) ? <AssetImpactSection asset={asset} /> : null}
      {asset.rawCode || asset.compiledCode ? (
        <Panel title="SQL">
          {asset.rawCode ? (
            <details open>
              <summary>As written</summary>
              <pre className="dw-code" tabIndex={0} aria-label="SQL as written">
                <code>{asset.rawCode}</code>
              </pre>
            </details>
          ) : null}
          {asset.compiledCode ? (
            <details>
              <summary>Compiled</summary>
              <pre className="dw-code" tabIndex={0} aria-label="Compiled SQL">
                <code>{asset.compiledCode}</code>
              </pre>
            </details>
          ) : null}
        </Panel>
      ) : null}
      {profiles && ['model', 'source', 'seed', 'snapshot'].includes(asset.resourceType) ? (
        <ProfilePanel assetId={asset.uniqueId} assetName={asset.name} />
      ) : null}
      {asset.history.length > 0 ? (
        <Panel title="History" description="Build and test results at each ingestion of the project's artifacts.">
          <AssetHistory history={asset.history} />
        </Panel>
      ) : null}
    </>
  );
}

/** The page's heading from the asset's id: its last segment, and a versioned model's name with its version ("dim_customers v2"). */
function assetTitle(id: string): string {
  const parts = id.split('.');
  const last = parts.pop() ?? '';
  if (/^v\d+$/.test(last) && parts.length > 2) return `${parts.pop() ?? ''} ${last}`;
  return last || 'Data Asset';
}

export default function AssetPage() {
  const { assetId = '' } = useParams();
  return (
    <DbtPage
      id="asset-title"
      title={assetTitle(assetId)}
      intro={assetId}
      back={
        <Link to={appPaths.catalogAssets} className="small d-inline-block mb-2">
          ← All data assets
        </Link>
      }
    >
      {() => <Asset key={assetId} uniqueId={assetId} />}
    </DbtPage>
  );
}
