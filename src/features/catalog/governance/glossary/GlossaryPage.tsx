// /app/data-catalog/governance/glossary: the organisation's glossaries; the chosen one's terms
// with their status, and the chosen term with its review workflow, links and history. The
// glossary, term and filters live in the address, so a term can be shared as a link.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { apiErrorMessage } from '../../../../api/apiError';
import { useCreateGlossaryMutation, useListGlossariesQuery, useListTermsQuery } from '../../../../api/catalogGovernanceApi';
import { InlineError } from '../../../../components/InlineError';
import { QueryResult } from '../../../../components/QueryResult';
import { GovernanceFrame } from '../GovernanceFrame';
import { TermDetail } from './TermDetail';
import { TermsPanel } from './TermsPanel';

function NewGlossary() {
  const [create, creating] = useCreateGlossaryMutation();
  const [name, setName] = useState('');
  const [params, setParams] = useSearchParams();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    void create({ name: name.trim() }).then((result) => {
      if ('data' in result && result.data) {
        setName('');
        const next = new URLSearchParams(params);
        next.set('glossary', result.data.glossary.id);
        next.delete('term');
        setParams(next);
      }
    });
  };
  return (
    <form onSubmit={submit} aria-label="Add a glossary" className="mt-3">
      <label htmlFor="glossary-name" className="form-label small mb-1">
        New glossary
      </label>
      <div className="d-flex gap-2">
        <input
          id="glossary-name"
          className="form-control form-control-sm"
          value={name}
          maxLength={128}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="btn btn-outline-primary btn-sm" disabled={!name.trim() || creating.isLoading}>
          Add
        </button>
      </div>
      {creating.error ? <InlineError>{apiErrorMessage(creating.error)}</InlineError> : null}
    </form>
  );
}

function Terms({ glossaryId, termId }: { glossaryId: string; termId: string | null }) {
  const [params] = useSearchParams();
  const query = new URLSearchParams();
  for (const name of ['q', 'status']) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  const terms = useListTermsQuery({ glossaryId, query: query.toString() });
  // The whole glossary, for parents and related terms in the detail and the form.
  const all = useListTermsQuery({ glossaryId, query: '' });
  return (
    <QueryResult
      query={terms}

      keepWhileRefetching
      loadingLabel="Loading the terms…"
      errorTitle="The terms could not be loaded"
    >
      {(data) => (
        <>
          <TermsPanel glossary={data.glossary} terms={data.terms} editor={data.editor} />
          {termId ? <TermDetail termId={termId} terms={all.data?.terms ?? data.terms} editor={data.editor} /> : null}
        </>
      )}
    </QueryResult>
  );
}

export default function GlossaryPage() {
  const glossariesQuery = useListGlossariesQuery();
  const [params, setParams] = useSearchParams();
  return (
    <GovernanceFrame
      id="glossary-title"
      title="Glossary"
      intro="The organisation's business terms: what each means, who owns and reviews it, and which assets and columns it describes. A term is Draft, In review, Approved, Rejected or Deprecated."
    >
      <QueryResult query={glossariesQuery} loadingLabel="Loading the glossaries…" errorTitle="The glossaries could not be loaded">
        {({ glossaries, editor }) => {
          const chosen = glossaries.find((glossary) => glossary.id === params.get('glossary')) ?? glossaries[0];
          return (
            <div className="dw-governance-layout">
              <nav aria-label="Glossaries">
                <h2 className="h6">Glossaries</h2>
                {glossaries.length === 0 ? (
                  <p className="small">
                    {editor ? 'No glossary yet: add the first one below.' : 'No glossary yet. Glossary editors add them.'}
                  </p>
                ) : null}
                <ul className="list-group">
                  {glossaries.map((glossary) => (
                    <li
                      key={glossary.id}
                      className={`list-group-item d-flex justify-content-between align-items-center${glossary.id === chosen?.id ? ' active' : ''}`}
                    >
                      <button
                        type="button"
                        className={`btn btn-link p-0 text-start ${glossary.id === chosen?.id ? 'text-white' : ''}`}
                        aria-current={glossary.id === chosen?.id ? 'page' : undefined}
                        onClick={() => {
                          const next = new URLSearchParams();
                          next.set('glossary', glossary.id);
                          setParams(next);
                        }}
                      >
                        {glossary.name}
                      </button>
                      <span className="badge text-bg-light" aria-label={`${glossary.terms} terms`}>
                        {glossary.terms}
                      </span>
                    </li>
                  ))}
                </ul>
                {editor ? <NewGlossary /> : null}
              </nav>
              <div>{chosen ? <Terms glossaryId={chosen.id} termId={params.get('term')} /> : null}</div>
            </div>
          );
        }}
      </QueryResult>
    </GovernanceFrame>
  );
}
