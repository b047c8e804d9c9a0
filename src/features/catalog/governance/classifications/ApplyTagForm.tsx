// Applying a tag to an asset (chosen by name) or one of its columns. A second tag of a mutually
// exclusive category is refused by the server with both tags named; the refusal is shown here.
import { useState, type FormEvent } from 'react';
import type { ClassificationRecord } from '@common/catalog-governance/classificationsContract';
import { apiErrorMessage } from '../../../../api/apiError';
import { useApplyTagMutation } from '../../../../api/catalogGovernanceApi';
import { mutationOutcome } from '../../../../api/useMutationFeedback';
import { InlineError } from '../../../../components/InlineError';
import { AssetTargetFields, useAssetTarget } from '../AssetIdField';

export function ApplyTagForm({ classifications }: { classifications: readonly ClassificationRecord[] }) {
  const [apply, applying] = useApplyTagMutation();
  const [tagId, setTagId] = useState('');
  const asset = useAssetTarget();
  const { nodeId, columnName } = asset.target;
  const [done, setDone] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tagId || !nodeId) return;
    setDone(null);
    void apply({ tagId, ...asset.target }).then((result) => {
      if (mutationOutcome(result).ok) setDone(`Applied to ${asset.asset?.label ?? nodeId}${columnName ? `.${columnName}` : ''}.`);
    });
  };
  return (
    <form className="row g-2 align-items-start" onSubmit={submit} aria-label="Apply a tag">
      <div className="col-md-3">
        <label htmlFor="apply-tag" className="form-label small mb-1">
          Tag
        </label>
        <select id="apply-tag" className="form-select form-select-sm" value={tagId} onChange={(event) => setTagId(event.target.value)}>
          <option value="">Choose a tag</option>
          {classifications.map((category) => (
            <optgroup key={category.id} label={category.name}>
              {category.tags.map((tag) => (
                <option key={tag.id} value={tag.id}>{`${category.name}.${tag.name}`}</option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <AssetTargetFields idPrefix="apply" target={asset} columns={['col-md-4', 'col-md-3']} />
      <div className="col-md-2 pt-md-4">
        <button type="submit" className="btn btn-primary btn-sm" disabled={!tagId || !nodeId || applying.isLoading}>
          Apply
        </button>
      </div>
      <div className="col-12" aria-live="polite">
        {applying.error ? <InlineError>{apiErrorMessage(applying.error)}</InlineError> : null}
        {done ? <p className="small text-success mb-0">{done}</p> : null}
      </div>
    </form>
  );
}
