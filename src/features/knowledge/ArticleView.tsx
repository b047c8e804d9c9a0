// One article: its markdown (rendered inert), who wrote it and when, "was this helpful" (one
// vote per user; the answer is announced) and related articles. Editors edit or delete it here.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { knowledgeArticlePath, appPaths } from '@common/paths';
import { useDeleteArticleMutation, useGetArticleQuery, useVoteOnArticleMutation } from '../../api/knowledgeApi';
import { useMutationFeedback } from '../../api/useMutationFeedback';
import { ActionStatus } from '../../components/ActionStatus';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DateTimeText } from '../../components/DateTimeText';
import { Markdown } from '../../components/Markdown';
import { QueryResult } from '../../components/QueryResult';
import { useDeleteConfirm } from '../../components/useDeleteConfirm';
import { ArticleFormDialog } from './ArticleFormDialog';

export function ArticleView({ id, onDeleted }: { id: string; onDeleted: (message: string) => void }) {
  const article = useGetArticleQuery(id);
  const [vote, voting] = useVoteOnArticleMutation();
  const deleting = useDeleteConfirm(
    useDeleteArticleMutation(),
    (article: { id: string; title: string }) => article.id,
    (article) => onDeleted(`Deleted "${article.title}".`),
  );
  const [editing, setEditing] = useState(false);
  const { run, said, setSaid, error } = useMutationFeedback();

  const castVote = (helpful: boolean) =>
    run(
      () => vote({ id, helpful }),
      helpful ? 'Thank you: your vote says this article helped.' : 'Thank you: your vote says this article did not help.',
    );

  return (
    <>
      <p>
        <Link to={appPaths.knowledgebase}>← All articles</Link>
      </p>
      <QueryResult query={article} loadingLabel="Loading the article…" errorTitle="The article could not be loaded">
        {(data) => (
          <article className="card dw-card" aria-labelledby="article-title">
            <div className="card-body">
              <h2 id="article-title" className="h4">
                {data.title}
              </h2>
              <p className="text-body-secondary small">
                {data.category}
                {data.status === 'draft' ? <span className="badge text-bg-warning ms-2">Draft</span> : null} · by {data.authorUsername} ·
                updated <DateTimeText iso={data.updatedAt} />
                {data.tags.length > 0 ? ` · ${data.tags.map((tag) => `#${tag}`).join(' ')}` : null}
              </p>
              <Markdown text={data.body} />
              {data.canEdit ? (
                <div className="d-flex gap-2 mb-3">
                  <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setEditing(true)}>
                    Edit
                  </button>
                  <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => deleting.ask(data)}>
                    Delete
                  </button>
                </div>
              ) : null}
              {data.status === 'published' ? (
                <section aria-labelledby="helpful-title" className="border-top pt-3">
                  <h3 id="helpful-title" className="h6">
                    Was this helpful?
                  </h3>
                  <div className="d-flex gap-2 align-items-center">
                    <button
                      type="button"
                      className="btn btn-outline-success btn-sm"
                      aria-pressed={data.myVote === true}
                      disabled={voting.isLoading}
                      onClick={() => void castVote(true)}
                    >
                      Yes ({data.helpful.yes})
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-sm"
                      aria-pressed={data.myVote === false}
                      disabled={voting.isLoading}
                      onClick={() => void castVote(false)}
                    >
                      No ({data.helpful.no})
                    </button>
                  </div>
                  <ActionStatus said={said} error={error} className="small mt-2 mb-0" />
                </section>
              ) : null}
              {data.related.length > 0 ? (
                <section aria-labelledby="related-title" className="border-top pt-3 mt-3">
                  <h3 id="related-title" className="h6">
                    Related articles
                  </h3>
                  <ul className="mb-0">
                    {data.related.map((related) => (
                      <li key={related.id}>
                        <Link to={knowledgeArticlePath(related.id)}>{related.title}</Link>{' '}
                        <span className="text-body-secondary small">({related.category})</span>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
            </div>
            {editing ? (
              <ArticleFormDialog
                article={data}
                onCancel={() => setEditing(false)}
                onDone={(_a, message) => (setEditing(false), setSaid(message))}
              />
            ) : null}
            {deleting.target ? (
              <ConfirmDialog title="Delete this article?" confirmLabel="Delete" busyLabel="Deleting…" {...deleting.dialogProps}>
                <p>&quot;{deleting.target.title}&quot; and its votes are deleted for everyone.</p>
              </ConfirmDialog>
            ) : null}
          </article>
        )}
      </QueryResult>
    </>
  );
}
