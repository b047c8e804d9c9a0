// One term: its status and the moves open to the reader, the definition (markdown, rendered
// safely), synonyms, related and child terms, owners and reviewers, links to assets and columns,
// and the history of its reviews. Editors change or delete it here.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TermRecord } from '@common/catalog-governance/glossaryContract';
import { termStatusLabels } from '@common/catalog-governance/glossaryRules';
import { useDeleteTermMutation, useGetTermQuery, useUpdateTermMutation } from '../../../../api/catalogGovernanceApi';
import { mutationOutcome } from '../../../../api/useMutationFeedback';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { DateTimeText } from '../../../../components/DateTimeText';
import { Markdown } from '../../../../components/Markdown';
import { Panel } from '../../../../components/Panel';
import { QueryResult } from '../../../../components/QueryResult';
import { useDeleteConfirm } from '../../../../components/useDeleteConfirm';
import { TermForm } from './TermForm';
import { TermLinks } from './TermLinks';
import { TermStatusBadge } from './TermStatusBadge';
import { TermWorkflow } from './TermWorkflow';

const orNone = (list: readonly string[]) => (list.length > 0 ? list.join(', ') : 'None');

export function TermDetail({ termId, terms, editor }: { termId: string; terms: readonly TermRecord[]; editor: boolean }) {
  const termQuery = useGetTermQuery(termId);
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const [update, updating] = useUpdateTermMutation();
  const deleting = useDeleteConfirm(
    useDeleteTermMutation(),
    (asked: TermRecord) => asked.id,
    () => {
      const next = new URLSearchParams(params);
      next.delete('term');
      setParams(next);
    },
  );
  const open = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('term', id);
    setParams(next);
  };
  return (
    <QueryResult query={termQuery} loadingLabel="Loading the term…" errorTitle="The term could not be loaded">
      {({ term, links, history, children }) => (
        <Panel
          title={`Term: ${term.name}`}
          description={<TermStatusBadge status={term.status} />}
          actions={
            editor ? (
              <div className="d-flex gap-2">
                <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setEditing(true)}>
                  Edit term
                </button>
                <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => deleting.ask(term)}>
                  Delete term
                </button>
              </div>
            ) : null
          }
        >
          <TermWorkflow term={term} editor={editor} />
          <Markdown text={term.definition} />
          <dl className="dw-definition-list row small mb-3">
            <div className="col-md-6">
              <dt>Synonyms</dt>
              <dd>{orNone(term.synonyms)}</dd>
              <dt>Owners</dt>
              <dd>{orNone(term.owners)}</dd>
              <dt>Reviewers</dt>
              <dd>{orNone(term.reviewers)}</dd>
            </div>
            <div className="col-md-6">
              <dt>Parent</dt>
              <dd>
                {term.parentId ? (
                  <TermButton
                    id={term.parentId}
                    name={terms.find((item) => item.id === term.parentId)?.name ?? 'Parent term'}
                    onOpen={open}
                  />
                ) : (
                  'None (top level)'
                )}
              </dd>
              <dt>Child terms</dt>
              <dd>
                {children.length > 0
                  ? children.map((child, index) => (
                      <span key={child.id}>
                        {index > 0 ? ', ' : ''}
                        <TermButton id={child.id} name={child.name} onOpen={open} />
                      </span>
                    ))
                  : 'None'}
              </dd>
              <dt>Related terms</dt>
              <dd>
                {term.related.length > 0
                  ? term.related.map((item, index) => (
                      <span key={item.id}>
                        {index > 0 ? ', ' : ''}
                        <TermButton id={item.id} name={item.name} onOpen={open} />
                      </span>
                    ))
                  : 'None'}
              </dd>
            </div>
          </dl>
          <TermLinks termId={term.id} termName={term.name} links={links} editor={editor} />
          <h3 className="h6">History</h3>
          <ol className="dw-term-history small mb-0" aria-label={`History of ${term.name}`}>
            {history.map((event, index) => (
              <li key={`${event.at}-${index}`}>
                <DateTimeText iso={event.at} />
                {`: ${event.from ? `${termStatusLabels[event.from as keyof typeof termStatusLabels] ?? event.from} → ` : 'created as '}${termStatusLabels[event.to as keyof typeof termStatusLabels] ?? event.to}${event.actor ? ` by ${event.actor}` : ''}`}
                {event.comment ? <div className="text-body-secondary">{event.comment}</div> : null}
              </li>
            ))}
          </ol>
          {deleting.target ? (
            <ConfirmDialog title={`Delete ${term.name}?`} confirmLabel="Delete term" busyLabel="Deleting…" {...deleting.dialogProps}>
              {`Its links to assets and its history go with it; its child terms move to the top level.`}
            </ConfirmDialog>
          ) : null}
          {editing ? (
            <TermForm
              title={`Edit ${term.name}`}
              term={term}
              terms={terms}
              busy={updating.isLoading}
              error={updating.error}
              onCancel={() => setEditing(false)}
              onSave={(body) => void update({ id: term.id, body }).then((result) => mutationOutcome(result).ok && setEditing(false))}
            />
          ) : null}
        </Panel>
      )}
    </QueryResult>
  );
}

function TermButton({ id, name, onOpen }: { id: string; name: string; onOpen: (id: string) => void }) {
  return (
    <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={() => onOpen(id)}>
      {name}
    </button>
  );
}
