// One domain on the Domain page: its description, owners and experts, how its tests and
// sources stand, and its assets (each a link to its page, with how it came to the domain). The
// list holds the first ones; "Show all" asks for the rest, since Explore's domain filter knows
// only dbt's meta and would miss assets placed by hand, by tag or by folder.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { DomainAsset, DomainSummary } from '@common/catalog-domains/domainsContract';
import { catalogAssetPath } from '@common/paths';
import { useGetDomainMembersQuery } from '../../../api/catalogDomainsApi';
import { formatCount, formatPercent } from '../../../components/format';

const howLabels: Record<DomainAsset['assignedBy'], string> = { hand: 'by hand', meta: 'dbt meta', tag: 'dbt tag', folder: 'folder' };

function People({ label, names }: { label: string; names: readonly string[] }) {
  return (
    <div>
      <dt className="small text-body-secondary">{label}</dt>
      <dd className="mb-0">{names.length > 0 ? names.join(', ') : '–'}</dd>
    </div>
  );
}

export function DomainSection({ domain, mayEdit, onEdit }: { domain: DomainSummary; mayEdit: boolean; onEdit: () => void }) {
  const headingId = `domain-${domain.name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const { tests, freshness } = domain;
  const [showAll, setShowAll] = useState(false);
  const members = useGetDomainMembersQuery(domain.name, { skip: !showAll });
  const assets = showAll && members.data ? members.data.assets : domain.assets;
  const more = domain.assetCount > domain.assets.length;
  return (
    <section className="card dw-card mb-3" aria-labelledby={headingId}>
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
          <div>
            <h2 id={headingId} className="h5 mb-1">
              {domain.name}
            </h2>
            <p className="small text-body-secondary mb-2">
              {domain.description || (domain.described ? '' : 'Known from its assets only; no description yet.')}
            </p>
          </div>
          {mayEdit ? (
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onEdit}>
              Edit {domain.name}
            </button>
          ) : null}
        </div>
        <dl className="d-flex flex-wrap gap-4 mb-3">
          <People label="Owners" names={domain.owners} />
          <People label="Experts" names={domain.experts} />
          <div>
            <dt className="small text-body-secondary">Assets</dt>
            <dd className="mb-0">{formatCount(domain.assetCount)}</dd>
          </div>
          <div>
            <dt className="small text-body-secondary">Tests passing</dt>
            <dd className="mb-0">
              {tests.passShare === null
                ? tests.total > 0
                  ? 'no results yet'
                  : 'no tests'
                : `${formatPercent(tests.passShare)} (${formatCount(tests.passing)} of ${formatCount(tests.withResult)})`}
            </dd>
          </div>
          <div>
            <dt className="small text-body-secondary">Sources fresh</dt>
            <dd className="mb-0">
              {freshness.sources === 0
                ? 'no sources'
                : `${formatCount(freshness.pass)} of ${formatCount(freshness.sources)}${freshness.warn ? `, ${formatCount(freshness.warn)} warning` : ''}${freshness.error ? `, ${formatCount(freshness.error)} stale` : ''}${freshness.unknown ? `, ${formatCount(freshness.unknown)} unchecked` : ''}`}
            </dd>
          </div>
        </dl>
        <ul className="list-inline mb-0 small" id={`${headingId}-assets`}>
          {assets.map((asset) => (
            <li key={asset.uniqueId} className="list-inline-item mb-1">
              <Link to={catalogAssetPath(asset.uniqueId)}>{asset.name}</Link>{' '}
              <span className="text-body-secondary">
                ({asset.resourceType}, {howLabels[asset.assignedBy]})
              </span>
            </li>
          ))}
        </ul>
        {more ? (
          <div className="mt-2 small d-flex flex-wrap align-items-center gap-2">
            <button
              type="button"
              className="btn btn-link btn-sm p-0"
              aria-controls={`${headingId}-assets`}
              aria-expanded={showAll && Boolean(members.data)}
              onClick={() => setShowAll((shown) => !shown)}
            >
              {showAll ? `Show the first ${formatCount(domain.assets.length)}` : `Show all ${formatCount(domain.assetCount)} assets`}
            </button>
            <span role="status">
              {showAll && members.isFetching ? 'Loading every asset…' : null}
              {showAll && members.isError ? 'The full list could not be loaded; try again in a moment.' : null}
            </span>
          </div>
        ) : null}
      </div>
    </section>
  );
}
