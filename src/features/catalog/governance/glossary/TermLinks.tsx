// The assets and columns a term is linked to, each opening its asset page, and (for editors)
// linking another chosen by name (and optionally one of its columns), or removing one.
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { TermLink } from '@common/catalog-governance/glossaryContract';
import { apiErrorMessage } from '../../../../api/apiError';
import { useLinkTermMutation, useUnlinkTermMutation } from '../../../../api/catalogGovernanceApi';
import { mutationOutcome } from '../../../../api/useMutationFeedback';
import { InlineError } from '../../../../components/InlineError';
import { nodePagePath } from '../../nodePagePath';
import { AssetTargetFields, useAssetTarget } from '../AssetIdField';

export function TermLinks({
  termId,
  termName,
  links,
  editor,
}: {
  termId: string;
  termName: string;
  links: readonly TermLink[];
  editor: boolean;
}) {
  const [link, linking] = useLinkTermMutation();
  const [unlink, unlinking] = useUnlinkTermMutation();
  const asset = useAssetTarget();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!asset.target.nodeId) return;
    void link({ id: termId, body: asset.target }).then((result) => {
      if (mutationOutcome(result).ok) asset.clear();
    });
  };
  return (
    <>
      <h3 className="h6">Assets and columns</h3>
      {links.length === 0 ? <p className="small text-body-secondary">{`${termName} is not linked to any asset yet.`}</p> : null}
      <ul className="list-unstyled mb-2">
        {links.map((item) => (
          <li key={`${item.nodeId}/${item.columnName ?? ''}`} className="d-flex flex-wrap gap-2 align-items-center mb-1">
            <Link to={nodePagePath(item.nodeId)}>{item.columnName ? `${item.name}.${item.columnName}` : item.name}</Link>
            <span className="small text-body-secondary">
              {item.resourceType === 'missing' ? 'no longer in the dbt project' : item.resourceType}
            </span>
            {editor ? (
              <button
                type="button"
                className="btn btn-link btn-sm p-0"
                disabled={unlinking.isLoading}
                onClick={() => void unlink({ id: termId, nodeId: item.nodeId, columnName: item.columnName })}
              >
                {`Remove link to ${item.columnName ? `${item.name}.${item.columnName}` : item.name}`}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {editor ? (
        <form className="row g-2 align-items-start mb-3" onSubmit={submit} aria-label={`Link ${termName} to an asset`}>
          <AssetTargetFields idPrefix="term-link" target={asset} columns={['col-md-6', 'col-md-4']} />
          <div className="col-md-2 pt-md-4">
            <button type="submit" className="btn btn-outline-primary btn-sm" disabled={!asset.target.nodeId || linking.isLoading}>
              Link
            </button>
          </div>
          {linking.error ? (
            <div className="col-12">
              <InlineError>{apiErrorMessage(linking.error)}</InlineError>
            </div>
          ) : null}
        </form>
      ) : null}
    </>
  );
}
