// /app/hive: the organisation's questions and answers, searched on the server (questions and
// their answers), sorted by newest, votes or unanswered. `?question=<id>` opens one question.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { HiveSort } from '@common/hive/hiveContract';
import { hiveQuestionPath } from '@common/paths';
import { useListQuestionsQuery } from '../../api/hiveApi';
import { DateTimeText } from '../../components/DateTimeText';
import { EmptyState } from '../../components/EmptyState';
import { FormField } from '../../components/FormField';
import { Highlighted } from '../../components/Highlighted';
import { PageHeader } from '../../components/PageHeader';
import { QueryResult } from '../../components/QueryResult';
import { AskQuestionDialog } from './AskQuestionDialog';
import { QuestionView } from './QuestionView';

export default function HivePage() {
  const [params, setParams] = useSearchParams();
  const questionId = params.get('question');
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q, setQ] = useState(search.trim());
  const sort = (params.get('sort') ?? 'newest') as HiveSort;
  const [asking, setAsking] = useState(false);
  const list = useListQuestionsQuery({ q: q || undefined, sort: sort === 'newest' ? undefined : sort }, { skip: questionId !== null });

  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const set = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  return (
    <>
      <PageHeader
        title="Hive"
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setAsking(true)}>
            Ask a question
          </button>
        }
      />
      {questionId !== null ? (
        <QuestionView key={questionId} id={questionId} />
      ) : (
        <>
          <p className="text-body-secondary">Questions and answers between the people of your organisation.</p>
          <form
            role="search"
            aria-label="Search Hive"
            className="d-flex flex-wrap gap-2 align-items-end mb-3"
            onSubmit={(event) => event.preventDefault()}
          >
            <FormField label="Search questions and answers" type="search" className="flex-grow-1" value={search} onValue={setSearch} />
            <FormField
              label="Sort"
              control="select"
              className=""
              value={sort}
              onValue={(value) => set('sort', value === 'newest' ? null : value)}
            >
              <option value="newest">Newest</option>
              <option value="votes">Most votes</option>
              <option value="unanswered">Unanswered</option>
            </FormField>
          </form>
          <QueryResult query={list} loadingLabel="Loading questions…" errorTitle="The questions could not be loaded">
            {(data) => (
              <section aria-labelledby="questions-title">
                <h2 id="questions-title" className="visually-hidden">
                  Questions
                </h2>
                <p className="small text-body-secondary" aria-live="polite">
                  {data.total === 1 ? '1 question' : `${data.total} questions`}
                  {q ? ` match "${q}"` : ''}
                </p>
                {data.questions.length === 0 ? (
                  <EmptyState title={q ? 'No question matches.' : 'No questions yet.'}>
                    <p className="text-body-secondary mb-0">Ask the first one with "Ask a question".</p>
                  </EmptyState>
                ) : (
                  <ul className="list-unstyled">
                    {data.questions.map((question) => (
                      <li key={question.id} className="card dw-card mb-2">
                        <div className="card-body d-flex gap-3">
                          <div className="text-center small text-body-secondary" style={{ minWidth: '4.5rem' }}>
                            <div>{question.votes === 1 ? '1 vote' : `${question.votes} votes`}</div>
                            <div className={question.accepted ? 'text-success fw-bold' : undefined}>
                              {question.answers === 1 ? '1 answer' : `${question.answers} answers`}
                              {question.accepted ? <span className="visually-hidden">, one accepted</span> : null}
                            </div>
                          </div>
                          <div>
                            <h3 className="h6 mb-1">
                              <Link to={hiveQuestionPath(question.id)}>
                                <Highlighted parts={question.titleHighlight} />
                              </Link>
                            </h3>
                            <p className="small mb-1">
                              <Highlighted parts={question.extract} />
                            </p>
                            <p className="small text-body-secondary mb-0">
                              {question.authorUsername} · <DateTimeText iso={question.createdAt} />
                              {question.tags.length > 0 ? ` · ${question.tags.map((tag) => `#${tag}`).join(' ')}` : null}
                            </p>
                          </div>
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            )}
          </QueryResult>
        </>
      )}
      {asking ? (
        <AskQuestionDialog
          onCancel={() => setAsking(false)}
          onDone={(question) => {
            setAsking(false);
            set('question', question.id);
          }}
        />
      ) : null}
    </>
  );
}
