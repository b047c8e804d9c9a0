// /app/hive: the organisation's questions and answers, searched on the server (questions and
// their answers), sorted by newest, votes or unanswered. `?question=<id>` opens one question.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { HiveSort } from '@common/hive/hiveContract';
import { hiveQuestionPath } from '@common/paths';
import { useListQuestionsQuery } from '../../api/hiveApi';
import { CardList } from '../../components/CardList';
import { DateTimeText } from '../../components/DateTimeText';
import { EmptyState } from '../../components/EmptyState';
import { FilterForm } from '../../components/FilterForm';
import { FormField } from '../../components/FormField';
import { Highlighted } from '../../components/Highlighted';
import { PageHeader } from '../../components/PageHeader';
import { QueryResult } from '../../components/QueryResult';
import { withSearchParam } from '../../components/SearchBar';
import { useDebounced } from '../../components/useDebounced';
import { AskQuestionDialog } from './AskQuestionDialog';
import { QuestionView } from './QuestionView';

export default function HivePage() {
  const [params, setParams] = useSearchParams();
  const questionId = params.get('question');
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebounced(search.trim());
  const sort = (params.get('sort') ?? 'newest') as HiveSort;
  const [asking, setAsking] = useState(false);
  const list = useListQuestionsQuery({ q: q || undefined, sort: sort === 'newest' ? undefined : sort }, { skip: questionId !== null });

  const set = (name: string, value: string | null) => setParams((current) => withSearchParam(current, name, value ?? ''));

  return (
    <>
      <PageHeader title="Hive" action={{ label: 'Ask a question', onClick: () => setAsking(true) }} />
      {questionId !== null ? (
        <QuestionView key={questionId} id={questionId} />
      ) : (
        <>
          <p className="text-body-secondary">Questions and answers between the people of your organisation.</p>
          <FilterForm label="Search Hive">
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
          </FilterForm>
          <QueryResult query={list} loadingLabel="Loading questions…" errorTitle="The questions could not be loaded">
            {(data) => (
              <CardList
                titleId="questions-title"
                title="Questions"
                count={`${data.total === 1 ? '1 question' : `${data.total} questions`}${q ? ` match "${q}"` : ''}`}
                items={data.questions}
                itemKey={(question) => question.id}
                empty={
                  <EmptyState title={q ? 'No question matches.' : 'No questions yet.'}>
                    <p className="text-body-secondary mb-0">Ask the first one with "Ask a question".</p>
                  </EmptyState>
                }
                bodyClassName="card-body d-flex gap-3"
              >
                {(question) => (
                  <>
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
                  </>
                )}
              </CardList>
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
