// On an asset's page: the glossary terms linked to it and its columns (each opening the term) and
// the classification tags in force, with who put them there. For those who may open the Glossary.
import { Link } from 'react-router-dom';
import { termStatusLabels } from '@common/catalog-governance/glossaryRules';
import { appPaths } from '@common/paths';
import { useGetAssetGovernanceQuery } from '../../../api/catalogGovernanceApi';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';

const sourceLabels = { manual: 'applied by a person', suggestion: 'accepted suggestion', dbt: 'from dbt' } as const;

export function AssetGovernancePanel({ assetId, assetName }: { assetId: string; assetName: string }) {
  const assetGovernance = useGetAssetGovernanceQuery(assetId);
  return (
    <Panel
      title="Glossary and classifications"
      description={`Business terms that describe ${assetName} and the tags it and its columns carry.`}
    >
      <QueryResult query={assetGovernance} loadingLabel="Loading terms and tags…" errorTitle="Terms and tags could not be loaded">
        {({ terms, tags }) => (
          <div className="row small">
            <div className="col-md-6">
              <h3 className="h6">Glossary terms</h3>
              {terms.length === 0 ? <p className="mb-0">No term is linked yet.</p> : null}
              <ul className="list-unstyled mb-0">
                {terms.map((term) => (
                  <li key={`${term.id}/${term.columnName ?? ''}`}>
                    <Link
                      to={`${appPaths.catalogGlossary}?${new URLSearchParams({ glossary: term.glossaryId, term: term.id }).toString()}`}
                    >
                      {term.name}
                    </Link>
                    {` (${term.glossary}, ${termStatusLabels[term.status]})${term.columnName ? ` on ${term.columnName}` : ''}`}
                  </li>
                ))}
              </ul>
            </div>
            <div className="col-md-6">
              <h3 className="h6">Tags</h3>
              {tags.length === 0 ? <p className="mb-0">No tag applies yet.</p> : null}
              <ul className="list-unstyled mb-0">
                {tags.map((tag) => (
                  <li key={`${tag.tagId}/${tag.columnName ?? ''}`}>
                    <span className="badge text-bg-light border me-1">{`${tag.classification}.${tag.tag}`}</span>
                    {`${tag.columnName ? `on ${tag.columnName}, ` : ''}${sourceLabels[tag.source]}`}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}
      </QueryResult>
    </Panel>
  );
}
