// A glossary's terms: filtered by status and text, each opening its detail; editors add terms
// and import a CSV (every row checked by the server first: all or nothing); anyone exports it.
import { useRef, useState, type ChangeEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { termStatuses, termStatusLabels } from '@common/catalog-governance/glossaryRules';
import type { GlossaryRecord, TermRecord } from '@common/catalog-governance/glossaryContract';
import { apiErrorMessage } from '../../../../api/apiError';
import { useCreateTermMutation, useDeleteGlossaryMutation, useImportTermsMutation } from '../../../../api/catalogGovernanceApi';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { csvFileName } from '../../../../components/csv';
import { downloadTextFile } from '../../../../components/downloadFile';
import { FilterSelect } from '../../../../components/FilterSelect';
import { InlineError } from '../../../../components/InlineError';
import { Panel } from '../../../../components/Panel';
import { SimpleTable } from '../../../../components/SimpleTable';
import { useDeleteConfirm } from '../../../../components/useDeleteConfirm';
import { termsCsv } from './termCsv';
import { TermForm } from './TermForm';
import { TermStatusBadge } from './TermStatusBadge';

interface TermsPanelProps {
  glossary: GlossaryRecord;
  terms: readonly TermRecord[];
  editor: boolean;
}

/** The file's text through FileReader, which every browser (and jsdom) has. */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

export function TermsPanel({ glossary, terms, editor }: TermsPanelProps) {
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const [create, creating] = useCreateTermMutation();
  const [importCsv, importing] = useImportTermsMutation();
  const [imported, setImported] = useState<string | null>(null);
  const removingGlossary = useDeleteConfirm(
    useDeleteGlossaryMutation(),
    (asked: typeof glossary) => asked.id,
    () => setParams(new URLSearchParams()),
  );
  const fileInput = useRef<HTMLInputElement>(null);
  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImported(null);
    const result = await importCsv({ glossaryId: glossary.id, csv: await readText(file) });
    if ('data' in result && result.data)
      setImported(`Imported ${file.name}: ${result.data.created} new terms, ${result.data.updated} updated.`);
  };
  const names = new Map(terms.map((term) => [term.id, term.name]));
  const actions = (
    <div className="d-flex flex-wrap gap-2">
      {editor ? (
        <>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)}>
            New term
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={importing.isLoading}
            onClick={() => fileInput.current?.click()}
          >
            {importing.isLoading ? 'Importing…' : 'Import CSV'}
          </button>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => removingGlossary.ask(glossary)}>
            Delete glossary
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            className="d-none"
            aria-label={`CSV file of terms for ${glossary.name}`}
            onChange={(event) => void readFile(event)}
          />
        </>
      ) : null}
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={terms.length === 0}
        onClick={() => downloadTextFile(csvFileName(`glossary ${glossary.name}`), termsCsv(terms))}
      >
        Export CSV
      </button>
    </div>
  );
  return (
    <Panel
      title={`Terms of ${glossary.name}`}
      description={glossary.description || 'Terms, their status and what they are linked to.'}
      actions={actions}
    >
      {importing.error ? <InlineError>{apiErrorMessage(importing.error)}</InlineError> : null}
      {imported ? (
        <p className="small text-success" role="status">
          {imported}
        </p>
      ) : null}
      <form className="row g-2 mb-3" role="search" aria-label="Filter terms" onSubmit={(event) => event.preventDefault()}>
        <div className="col-sm-6">
          <label htmlFor="term-search" className="form-label small mb-1">
            Search terms
          </label>
          <input
            id="term-search"
            type="search"
            className="form-control form-control-sm"
            defaultValue={params.get('q') ?? ''}
            maxLength={200}
            onChange={(event) => setParam('q', event.target.value.trim())}
          />
        </div>
        <FilterSelect
          id="term-status"
          label="Status"
          compact
          className="col-sm-4"
          value={params.get('status') ?? ''}
          onValue={(value) => setParam('status', value)}
          anyLabel="Any status"
          values={termStatuses}
          labels={termStatusLabels}
        />
      </form>
      <SimpleTable
        caption={`Terms of ${glossary.name}`}
        className="table table-sm align-middle mb-0"
        rows={terms}
        rowProps={(term) => ({ 'aria-current': params.get('term') === term.id ? 'true' : undefined })}
        empty={<p className="mb-0">{params.get('q') || params.get('status') ? 'No term matches these filters.' : 'No terms yet.'}</p>}
        columns={[
          {
            header: 'Term',
            rowHeader: true,
            cell: (term) => (
              <button type="button" className="btn btn-link btn-sm p-0 text-start" onClick={() => setParam('term', term.id)}>
                {term.name}
              </button>
            ),
          },
          { header: 'Status', cell: (term) => <TermStatusBadge status={term.status} /> },
          { header: 'Parent', cell: (term) => (term.parentId ? (names.get(term.parentId) ?? '') : '') },
          { header: 'Synonyms', cell: (term) => term.synonyms.join(', ') },
          { header: 'Reviewers', cell: (term) => term.reviewers.join(', ') },
          { header: 'Links', className: 'text-end', cell: (term) => term.links },
        ]}
      />
      {removingGlossary.target ? (
        <ConfirmDialog
          title={`Delete the glossary ${glossary.name}?`}
          confirmLabel="Delete glossary"
          busyLabel="Deleting…"
          {...removingGlossary.dialogProps}
        >
          {`Its ${terms.length === 1 ? 'term goes' : `${terms.length} terms go`} with it, with their links and history.`}
        </ConfirmDialog>
      ) : null}
      {adding ? (
        <TermForm
          title={`New term in ${glossary.name}`}
          terms={terms}
          busy={creating.isLoading}
          error={creating.error}
          onCancel={() => setAdding(false)}
          onSave={(body) =>
            void create({ glossaryId: glossary.id, body }).then((result) => {
              if ('data' in result && result.data) {
                setAdding(false);
                setParam('term', result.data.term.id);
              }
            })
          }
        />
      ) : null}
    </Panel>
  );
}
