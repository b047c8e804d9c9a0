// Applying a tag to an asset (by its dbt id) or one of its columns. A second tag of a mutually
// exclusive category is refused by the server with both tags named; the refusal is shown here.
import { useState, type FormEvent } from 'react';
import type { ClassificationRecord } from '@common/catalog-governance/classificationsContract';
import { apiErrorMessage } from '../../../../api/apiError';
import { useApplyTagMutation } from '../../../../api/catalogGovernanceApi';
import { mutationOutcome } from '../../../../api/useMutationFeedback';
import { InlineError } from '../../../../components/InlineError';
import { AssetIdField } from '../AssetIdField';

export function ApplyTagForm({ classifications }: { classifications: readonly ClassificationRecord[] }) {
  const [apply, applying] = useApplyTagMutation();
  const [tagId, setTagId] = useState('');
  const [nodeId, setNodeId] = useState('');
  const [columnName, setColumnName] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tagId || !nodeId.trim()) return;
    setDone(null);
    void apply({ tagId, nodeId: nodeId.trim(), columnName: columnName.trim() || null }).then((result) => {
      if (mutationOutcome(result).ok) setDone(`Applied to ${nodeId.trim()}${columnName.trim() ? `.${columnName.trim()}` : ''}.`);
    });
  };
  return (
    <form className="row g-2 align-items-end" onSubmit={submit} aria-label="Apply a tag">
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
      <div className="col-md-4">
        <AssetIdField id="apply-node" label="Asset id" value={nodeId} onValue={setNodeId} />
      </div>
      <div className="col-md-3">
        <label htmlFor="apply-column" className="form-label small mb-1">
          Column (optional)
        </label>
        <input
          id="apply-column"
          className="form-control form-control-sm"
          value={columnName}
          maxLength={1000}
          onChange={(event) => setColumnName(event.target.value)}
        />
      </div>
      <div className="col-md-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={!tagId || !nodeId.trim() || applying.isLoading}>
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
