// /app/features/feature/:id: one feature request — its description, status on the roadmap (and
// why it was declined), votes (one per user), comments and the caller's subscription. Admins
// move it along the roadmap; a refused move says which one and why.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { COMMENT_MAX } from '@common/workspace/fieldRules';
import { featureStatusLabels, nextFeatureStatuses, type FeatureStatus } from '@common/feature-requests/featureRules';
import type { FeatureDetail } from '@common/feature-requests/featureRequestsContract';
import { appPaths } from '@common/paths';
import {
  useChangeFeatureStatusMutation,
  useCommentOnFeatureMutation,
  useGetFeatureQuery,
  useSubscribeToFeatureMutation,
  useVoteOnFeatureMutation,
} from '../../api/featureRequestsApi';
import { useMutationFeedback } from '../../api/useMutationFeedback';
import { ActionStatus } from '../../components/ActionStatus';
import { DateTimeText } from '../../components/DateTimeText';
import { FormField } from '../../components/FormField';
import { InlineError } from '../../components/InlineError';
import { Markdown } from '../../components/Markdown';
import { MarkdownPostForm } from '../../components/MarkdownPostForm';
import { QueryResult } from '../../components/QueryResult';
import { VoteButton } from '../../components/VoteButton';
import { FeatureStatusBadge } from './FeatureStatusBadge';

function StatusForm({ feature, onSaid }: { feature: FeatureDetail; onSaid: (message: string) => void }) {
  const next = nextFeatureStatuses(feature.status);
  const [status, setStatus] = useState<FeatureStatus | ''>(next[0] ?? '');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const feedback = useMutationFeedback();
  const [change, changing] = useChangeFeatureStatusMutation();
  if (next.length === 0) return <p className="text-body-secondary mb-0">A released request does not change status any more.</p>;
  const submit = async () => {
    if (!status) return;
    if (status === 'declined' && !reason.trim()) {
      feedback.setError(null);
      setReasonError('Say why it is declined.');
      return;
    }
    setReasonError(undefined);
    const outcome = await feedback.run(() =>
      change({ id: feature.id, change: { status, ...(status === 'declined' ? { reason: reason.trim() } : {}) } }),
    );
    if (outcome.ok) onSaid(`The request is now ${featureStatusLabels[status].toLowerCase()}; its subscribers are notified.`);
  };
  return (
    <form
      className="d-flex flex-wrap gap-2 align-items-end"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormField label="New status" control="select" className="" value={status} onValue={(value) => setStatus(value as FeatureStatus)}>
        {next.map((value) => (
          <option key={value} value={value}>
            {featureStatusLabels[value]}
          </option>
        ))}
      </FormField>
      {status === 'declined' ? (
        <FormField label="Reason" className="flex-grow-1" value={reason} onValue={setReason} error={reasonError} />
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={changing.isLoading}>
        Change status
      </button>
      {feedback.error ? <InlineError className="w-100">{feedback.error}</InlineError> : null}
    </form>
  );
}

export default function FeaturePage() {
  const { id = '' } = useParams();
  const feature = useGetFeatureQuery(id);
  const [vote, voting] = useVoteOnFeatureMutation();
  const [subscribe, subscribing] = useSubscribeToFeatureMutation();
  const [comment] = useCommentOnFeatureMutation();
  const { run, said, setSaid, error } = useMutationFeedback();

  return (
    <>
      <p>
        <Link to={appPaths.features}>← All feature requests</Link>
      </p>
      <h1 className="h3">{feature.currentData?.title ?? 'Feature request'}</h1>
      <QueryResult query={feature} loadingLabel="Loading the request…" errorTitle="The feature request could not be loaded">
        {(data) => (
          <>
            <p className="d-flex flex-wrap gap-2 align-items-center">
              <FeatureStatusBadge status={data.status} />
              <span className="small text-body-secondary">
                Proposed by {data.authorUsername} · <DateTimeText iso={data.createdAt} />
              </span>
            </p>
            {data.status === 'declined' && data.declineReason ? (
              <div className="alert alert-secondary">
                <strong>Why it was declined:</strong> {data.declineReason}
              </div>
            ) : null}
            <div className="card dw-card mb-3">
              <div className="card-body">
                <Markdown text={data.description} />
                <div className="d-flex flex-wrap gap-2">
                  <VoteButton
                    voted={data.myVote}
                    votes={data.votes}
                    countFor="votes"
                    busy={voting.isLoading}
                    onVote={() =>
                      void run(
                        () => vote({ id, vote: !data.myVote }),
                        data.myVote ? 'Your vote is taken back.' : 'You voted for this request.',
                      )
                    }
                  />
                  <button
                    type="button"
                    className="btn btn-outline-secondary btn-sm"
                    aria-pressed={data.subscribed}
                    disabled={subscribing.isLoading}
                    onClick={() =>
                      void run(
                        () => subscribe({ id, subscribed: !data.subscribed }),
                        data.subscribed ? 'You no longer follow this request.' : 'You are told when its status changes.',
                      )
                    }
                  >
                    {data.subscribed ? 'Following' : 'Follow'}
                    <span className="visually-hidden"> status changes ({data.subscribers} following)</span>
                  </button>
                </div>
              </div>
            </div>
            <ActionStatus said={said} error={error} />
            {data.canChangeStatus ? (
              <section aria-labelledby="roadmap-title" className="card dw-card card-body mb-3">
                <h2 id="roadmap-title" className="h6">
                  Roadmap status
                </h2>
                <StatusForm key={data.status} feature={data} onSaid={setSaid} />
              </section>
            ) : null}
            <section aria-labelledby="comments-title">
              <h2 id="comments-title" className="h5">
                Comments ({data.commentList.length})
              </h2>
              <ul className="list-unstyled">
                {data.commentList.map((item) => (
                  <li key={item.id} className="card dw-card card-body mb-2">
                    <Markdown text={item.body} />
                    <p className="small text-body-secondary mb-0">
                      {item.authorUsername} · <DateTimeText iso={item.createdAt} />
                    </p>
                  </li>
                ))}
              </ul>
              <MarkdownPostForm
                label="Your comment (markdown)"
                rows={3}
                submitLabel="Comment"
                emptyMessage="Write your comment first."
                maxLength={COMMENT_MAX}
                post={(body) => comment({ id, body })}
                onPosted={() => setSaid('Your comment is posted.')}
              />
            </section>
          </>
        )}
      </QueryResult>
    </>
  );
}
