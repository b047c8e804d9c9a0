// /app/knowledgebase: the organisation's articles, searched on the server (the portal's
// full-text search: prefixes, "phrases", -exclusions, OR), filtered by category; editors
// (admin, Client-Dataworks-docs) also see drafts and write. `?article=<id>` opens one article.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { knowledgeArticlePath } from '@common/paths';
import { useListArticlesQuery } from '../../api/knowledgeApi';
import { CardList } from '../../components/CardList';
import { DateTimeText } from '../../components/DateTimeText';
import { EmptyState } from '../../components/EmptyState';
import { HelpLinks } from '../../layout';
import { FilterForm } from '../../components/FilterForm';
import { FormField } from '../../components/FormField';
import { Highlighted } from '../../components/Highlighted';
import { PageHeader } from '../../components/PageHeader';
import { QueryResult } from '../../components/QueryResult';
import { withSearchParam } from '../../components/SearchBar';
import { useDebounced } from '../../components/useDebounced';
import { ArticleFormDialog } from './ArticleFormDialog';
import { ArticleView } from './ArticleView';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export default function KnowledgeBasePage() {
  const [params, setParams] = useSearchParams();
  const articleId = params.get('article');
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebounced(search.trim());
  const category = params.get('category') ?? '';
  const status = (params.get('status') ?? 'published') as 'published' | 'draft' | 'all';
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState('');
  const list = useListArticlesQuery({ q: q || undefined, category: category || undefined, status }, { skip: articleId !== null });

  const set = (name: string, value: string | null) => setParams((current) => withSearchParam(current, name, value ?? ''));
  useEffect(() => {
    if (articleId === null && (params.get('q') ?? '') !== q) set('q', q || null);
    // Only the typed text drives the address; the address never drives the typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  return (
    <>
      <PageHeader
        title="Knowledge Base"
        action={list.currentData?.canEdit && articleId === null ? { label: 'New article', onClick: () => setCreating(true) } : null}
      />
      <HelpLinks here="knowledgebase" />
      <p role="status" className="small">
        {notice}
      </p>
      {articleId !== null ? (
        <ArticleView
          key={articleId}
          id={articleId}
          onDeleted={(message) => {
            setNotice(message);
            set('article', null);
          }}
        />
      ) : (
        <>
          <FilterForm label="Article search">
            <FormField
              label="Search articles"
              type="search"
              className="flex-grow-1"
              value={search}
              onValue={setSearch}
              placeholder='Words, "a phrase", -without, this OR that'
            />
            <FormField label="Category" control="select" className="" value={category} onValue={(value) => set('category', value || null)}>
              <option value="">All categories</option>
              {(list.currentData?.categories ?? []).map((c) => (
                <option key={c.value} value={c.value}>
                  {c.value} ({c.count})
                </option>
              ))}
            </FormField>
            {list.currentData?.canEdit ? (
              <FormField
                label="Status"
                control="select"
                className=""
                value={status}
                onValue={(value) => set('status', value === 'published' ? null : value)}
              >
                <option value="published">Published</option>
                <option value="draft">Drafts</option>
                <option value="all">All</option>
              </FormField>
            ) : null}
          </FilterForm>
          <QueryResult query={list} loadingLabel="Searching the knowledge base…" errorTitle="The articles could not be loaded">
            {(data) => (
              <CardList
                titleId="articles-title"
                title="Articles"
                count={`${q ? `${plural(data.total, 'article')} match "${q}"` : plural(data.total, 'article')}${data.articles.length < data.total ? ` (the best ${data.articles.length} shown)` : ''}`}
                items={data.articles}
                itemKey={(article) => article.id}
                empty={
                  <EmptyState title={q ? 'No article matches.' : 'No articles yet.'}>
                    <p className="text-body-secondary mb-0">
                      {q ? 'Try other or fewer words, or one of the other ways to get help above.' : 'Editors can write the first one.'}
                    </p>
                  </EmptyState>
                }
              >
                {(article) => (
                  <>
                    <h3 className="h6 mb-1">
                      <Link to={knowledgeArticlePath(article.id)}>
                        <Highlighted parts={article.titleHighlight} />
                      </Link>
                      {article.status === 'draft' ? <span className="badge text-bg-warning ms-2">Draft</span> : null}
                    </h3>
                    <p className="small text-body-secondary mb-1">
                      {article.category} · updated <DateTimeText iso={article.updatedAt} /> · {article.helpful.yes} found it helpful
                    </p>
                    <p className="mb-0 small">
                      <Highlighted parts={article.extract} />
                    </p>
                  </>
                )}
              </CardList>
            )}
          </QueryResult>
        </>
      )}
      {creating ? (
        <ArticleFormDialog
          onCancel={() => setCreating(false)}
          onDone={(article, message) => {
            setCreating(false);
            setNotice(message);
            set('article', article.id);
          }}
        />
      ) : null}
    </>
  );
}
