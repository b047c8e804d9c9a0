// One Hive question: votes (one per user), answers with their votes, the asker's "accept",
// a new answer, and for admins "promote to FAQ" once an answer is accepted.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { appPaths, faqEntryPath } from '@common/paths';
import {
  useAcceptAnswerMutation,
  useAnswerQuestionMutation,
  useGetQuestionQuery,
  usePromoteToFaqMutation,
  useVoteOnHiveMutation,
} from '../../api/hiveApi';
import { useMutationFeedback } from '../../api/useMutationFeedback';
import { ActionStatus } from '../../components/ActionStatus';
import { DateTimeText } from '../../components/DateTimeText';
import { FormField } from '../../components/FormField';
import { Markdown } from '../../components/Markdown';
import { MarkdownPostForm } from '../../components/MarkdownPostForm';
import { QueryResult } from '../../components/QueryResult';
import { VoteButton } from '../../components/VoteButton';

export function QuestionView({ id }: { id: string }) {
  const question = useGetQuestionQuery(id);
  const [vote, voting] = useVoteOnHiveMutation();
  const [accept, accepting] = useAcceptAnswerMutation();
  const [answer] = useAnswerQuestionMutation();
  const [promote, promoting] = usePromoteToFaqMutation();
  const [topic, setTopic] = useState('Hive');
  const { run, said, setSaid, error } = useMutationFeedback();

  return (
    <>
      <p>
        <Link to={appPaths.hive}>← All questions</Link>
      </p>
      <QueryResult query={question} loadingLabel="Loading the question…" errorTitle="The question could not be loaded">
        {(data) => (
          <article aria-labelledby="question-title">
            <div className="card dw-card mb-3">
              <div className="card-body">
                <h2 id="question-title" className="h4">
                  {data.title}
                </h2>
                <p className="small text-body-secondary">
                  Asked by {data.authorUsername} · <DateTimeText iso={data.createdAt} />
                  {data.tags.length > 0 ? ` · ${data.tags.map((tag) => `#${tag}`).join(' ')}` : null}
                </p>
                <Markdown text={data.body} />
                <VoteButton
                  voted={data.myVote}
                  votes={data.votes}
                  countFor="votes for this question"
                  busy={voting.isLoading}
                  onVote={() =>
                    void run(
                      () => vote({ id, vote: !data.myVote }),
                      data.myVote ? 'Your vote is taken back.' : 'You voted for this question.',
                    )
                  }
                />
              </div>
            </div>
            <ActionStatus said={said} error={error} />
            <section aria-labelledby="answers-title">
              <h3 id="answers-title" className="h5">
                {data.answerList.length === 1 ? '1 answer' : `${data.answerList.length} answers`}
              </h3>
              <ul className="list-unstyled">
                {data.answerList.map((item) => (
                  <li key={item.id} className={`card dw-card mb-2${item.accepted ? ' border-success' : ''}`}>
                    <div className="card-body">
                      {item.accepted ? <p className="badge text-bg-success">Accepted answer</p> : null}
                      <Markdown text={item.body} />
                      <p className="small text-body-secondary">
                        {item.authorUsername} · <DateTimeText iso={item.createdAt} />
                      </p>
                      <div className="d-flex gap-2">
                        <VoteButton
                          voted={item.myVote}
                          votes={item.votes}
                          countFor={`votes for the answer by ${item.authorUsername}`}
                          busy={voting.isLoading}
                          onVote={() =>
                            void run(
                              () => vote({ id, answerId: item.id, vote: !item.myVote }),
                              item.myVote ? 'Your vote is taken back.' : 'You voted for this answer.',
                            )
                          }
                        />
                        {data.mine ? (
                          <button
                            type="button"
                            className="btn btn-outline-success btn-sm"
                            disabled={accepting.isLoading}
                            onClick={() =>
                              void run(
                                () => accept({ id, answerId: item.accepted ? null : item.id }),
                                item.accepted ? 'The answer is no longer accepted.' : 'You accepted this answer.',
                              )
                            }
                          >
                            {item.accepted ? 'Unaccept' : 'Accept this answer'}
                            <span className="visually-hidden"> by {item.authorUsername}</span>
                          </button>
                        ) : null}
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
            <MarkdownPostForm
              heading={{ id: 'your-answer-title', text: 'Your answer' }}
              className="card dw-card card-body mb-3"
              label="Answer (markdown)"
              rows={4}
              submitLabel="Post answer"
              busyLabel="Posting…"
              emptyMessage="Write your answer first."
              post={(body) => answer({ id, body })}
              onPosted={() => setSaid('Your answer is posted.')}
            />
            {data.canPromote ? (
              <section aria-labelledby="promote-title" className="card dw-card card-body">
                <h3 id="promote-title" className="h6">
                  FAQ
                </h3>
                {data.faqEntryId ? (
                  <p className="mb-0">
                    This question is in the <Link to={faqEntryPath(data.faqEntryId)}>FAQ</Link>.
                  </p>
                ) : data.accepted ? (
                  <form
                    className="d-flex flex-wrap gap-2 align-items-end"
                    onSubmit={(event) => {
                      event.preventDefault();
                      void run(() => promote({ id, topic: topic.trim() }), 'The question and its accepted answer are in the FAQ.');
                    }}
                  >
                    <FormField label="FAQ topic" value={topic} onValue={setTopic} className="" />
                    <button type="submit" className="btn btn-outline-primary" disabled={promoting.isLoading || !topic.trim()}>
                      Promote to FAQ
                    </button>
                  </form>
                ) : (
                  <p className="mb-0 text-body-secondary">Once the asker accepts an answer, you can promote it to the FAQ.</p>
                )}
              </section>
            ) : null}
          </article>
        )}
      </QueryResult>
    </>
  );
}
