// A term's fields in a dialog, to create one or change one: name, definition (markdown),
// synonyms, owners and reviewers (lists typed with commas or semicolons), parent and related
// terms chosen among the glossary's. The server checks everything again (a hierarchy cycle, a
// name taken) and its refusal is shown on the field it names.
import { useState } from 'react';
import type { TermCreateBody, TermRecord } from '@common/catalog-governance/glossaryContract';
import { apiErrorField, apiErrorMessage } from '../../../../api/apiError';
import { CheckField } from '../../../../components/CheckField';
import { FormDialog } from '../../../../components/FormDialog';
import { FormField } from '../../../../components/FormField';
import { splitList } from '../GovernanceFrame';

interface TermFormProps {
  title: string;
  term?: TermRecord;
  terms: readonly TermRecord[];
  busy: boolean;
  error: unknown;
  onSave: (body: Required<TermCreateBody>) => void;
  onCancel: () => void;
}

export function TermForm({ title, term, terms, busy, error, onSave, onCancel }: TermFormProps) {
  const [name, setName] = useState(term?.name ?? '');
  const [definition, setDefinition] = useState(term?.definition ?? '');
  const [synonyms, setSynonyms] = useState(term?.synonyms.join('; ') ?? '');
  const [owners, setOwners] = useState(term?.owners.join('; ') ?? '');
  const [reviewers, setReviewers] = useState(term?.reviewers.join('; ') ?? '');
  const [parentId, setParentId] = useState(term?.parentId ?? '');
  const [related, setRelated] = useState<string[]>(term?.related.map((item) => item.id) ?? []);
  const [checked, setChecked] = useState(false);
  const field = error ? apiErrorField(error) : undefined;
  const message = error ? apiErrorMessage(error) : null;
  const errorOf = (name: string) => (field?.startsWith(name) ? (message ?? undefined) : undefined);
  const others = terms.filter((candidate) => candidate.id !== term?.id);
  const nameProblem = checked && !name.trim() ? 'Give the term a name.' : undefined;
  const definitionProblem = checked && !definition.trim() ? 'Say what the term means.' : undefined;

  return (
    <FormDialog
      title={title}
      submitLabel="Save term"
      busyLabel="Saving…"
      busy={busy}
      error={
        message &&
        !['name', 'definition', 'synonyms', 'owners', 'reviewers', 'parentId', 'relatedIds'].some((name) => field?.startsWith(name))
          ? message
          : null
      }
      onCancel={onCancel}
      onSubmit={() => {
        setChecked(true);
        if (!name.trim() || !definition.trim()) return;
        onSave({
          name: name.trim(),
          definition,
          synonyms: splitList(synonyms),
          owners: splitList(owners),
          reviewers: splitList(reviewers),
          parentId: parentId || null,
          relatedIds: related,
        });
      }}
    >
      <FormField label="Name" value={name} onValue={setName} maxLength={128} required error={nameProblem ?? errorOf('name')} />
      <FormField
        label="Definition"
        control="textarea"
        rows={5}
        value={definition}
        onValue={setDefinition}
        help="Markdown: **bold**, lists, links."
        required
        error={definitionProblem ?? errorOf('definition')}
      />
      <FormField
        label="Synonyms"
        value={synonyms}
        onValue={setSynonyms}
        help="Separated by commas or semicolons."
        error={errorOf('synonyms')}
      />
      <FormField label="Owners" value={owners} onValue={setOwners} help="Usernames, separated by commas." error={errorOf('owners')} />
      <FormField
        label="Reviewers"
        value={reviewers}
        onValue={setReviewers}
        help="Usernames who approve the term. Without reviewers an editor approves it directly."
        error={errorOf('reviewers')}
      />
      <FormField label="Parent term" control="select" value={parentId} onValue={setParentId} error={errorOf('parentId')}>
        <option value="">None (top level)</option>
        {others.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name}
          </option>
        ))}
      </FormField>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">Related terms</legend>
        {others.length === 0 ? <p className="small text-body-secondary mb-0">No other terms yet.</p> : null}
        <div className="d-flex flex-wrap gap-3">
          {others.map((candidate) => (
            <CheckField
              key={candidate.id}
              id={`related-${candidate.id}`}
              label={candidate.name}
              checked={related.includes(candidate.id)}
              onChecked={(checked) =>
                setRelated((current) => (checked ? [...current, candidate.id] : current.filter((id) => id !== candidate.id)))
              }
            />
          ))}
        </div>
        {errorOf('relatedIds') ? <div className="invalid-feedback d-block">{errorOf('relatedIds')}</div> : null}
      </fieldset>
    </FormDialog>
  );
}
