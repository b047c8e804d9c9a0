// /app/data-catalog/domain: the organisation's domains — assets join one by dbt meta, a
// `domain:` tag or their folder, or by hand here — each with owners, experts, tests and source
// freshness; editors describe them and place assets; and the models nobody read in 30 days
// with their build cost.
import { useState } from 'react';
import { canOpen } from '@common/access/access';
import { mayEditCatalogOrganisation } from '@common/catalog-domains/catalogOrganisationRules';
import type { DomainSummary } from '@common/catalog-domains/domainsContract';
import { useListDomainsQuery } from '../../../api/catalogDomainsApi';
import { selectRealmRoles } from '../../../auth';
import { dbtPageOf } from '../../../components/DbtPage';
import { formatCount } from '../../../components/format';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { useAppSelector } from '../../../state/hooks';
import { AssetDomainForm } from './AssetDomainForm';
import { DomainDialog } from './DomainDialog';
import { DomainSection } from './DomainSection';
import { UnreadModels } from './UnreadModels';
import '../catalog.css';

function Domains() {
  const roles = useAppSelector(selectRealmRoles);
  const mayEdit = mayEditCatalogOrganisation(roles);
  const domainsQuery = useListDomainsQuery();
  const [editing, setEditing] = useState<DomainSummary | null>(null);
  return (
    <>
      <QueryResult query={domainsQuery} loadingLabel="Loading the domains…" errorTitle="The domains could not be loaded">
        {(answer) => (
          <>
            <p className="small">
              {`${formatCount(answer.domains.length)} domains; ${formatCount(answer.unassigned)} assets in none. An asset’s domain: set here by hand, else its dbt meta.domain, else a domain:<name> tag, else the first folder of its file.`}
            </p>
            {answer.domains.map((domain) => (
              <DomainSection key={domain.name} domain={domain} mayEdit={mayEdit} onEdit={() => setEditing(domain)} />
            ))}
            {mayEdit ? (
              <Panel title="Place an asset by hand" description="Overrides the dbt rule for that asset until handed back.">
                <AssetDomainForm domains={answer.domains.map((domain) => domain.name)} />
              </Panel>
            ) : null}
          </>
        )}
      </QueryResult>
      {canOpen(roles, 'catalogProducts') ? <UnreadModels /> : null}
      {editing ? <DomainDialog domain={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

export default dbtPageOf(
  {
    id: 'domains-title',
    title: 'Domains',
    intro: 'The organisation’s data by domain, with who owns it, who knows it, and how its tests and sources stand.',
  },
  Domains,
);
