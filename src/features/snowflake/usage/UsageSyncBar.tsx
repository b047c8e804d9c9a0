// Shown on every Optimize page: how current the figures are ("data as of …"), the sync under way
// with its progress, "Sync now" for those who may change the warehouse, and, folded away, the
// last syncs and what syncing has cost on the account.
import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { canWriteWarehouse } from '@common/access/access';
import type { UsageSyncStatus } from '@common/warehouse/usageSyncContract';
import { apiErrorMessage } from '../../../api/apiError';
import { useJobProgress } from '../../../api/live/useJobProgress';
import { selectRealmRoles } from '../../../auth';
import { DateTimeText } from '../../../components/DateTimeText';
import { InlineError } from '../../../components/InlineError';
import { JobProgress } from '../../../components/JobProgress';
import { formatCount, formatCredits, formatMoney } from '../../../components/format';
import { useAppDispatch, useAppSelector } from '../../../state/hooks';
import { afterSyncTags, usageSyncApi, useGetUsageSyncQuery, useSyncUsageNowMutation } from '../../../api/usageSyncApi';
import { UsageSyncDetails } from './UsageSyncDetails';

/** How often the bar looks again while a sync may be starting (a scheduled one shows up here too). */
const POLL_MS = 60_000;

function minutes(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} minutes` : `${Math.round(ms / 1000)} seconds`;
}

export function UsageSyncBar({ currency }: { currency: string }) {
  const dispatch = useAppDispatch();
  const mayWrite = canWriteWarehouse(useAppSelector(selectRealmRoles));
  const { data, error, refetch } = useGetUsageSyncQuery(undefined, { pollingInterval: POLL_MS });
  const [syncNow, syncing] = useSyncUsageNowMutation();
  const jobId = syncing.data?.id ?? data?.job?.id;
  const { job } = useJobProgress(jobId);

  // When the sync this bar follows ends, every figure on the page may have moved.
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (!job) return;
    if (!job.finished) {
      followed.current = job.id;
    } else if (followed.current === job.id) {
      followed.current = null;
      dispatch(usageSyncApi.util.invalidateTags([...afterSyncTags]));
    }
  }, [job, dispatch]);

  if (error) {
    return (
      <InlineError className="d-flex flex-wrap align-items-center gap-2 py-2">
        {`The usage copy's state could not be read: ${apiErrorMessage(error)}`}
        <Button size="sm" variant="outline-danger" onClick={() => void refetch()}>
          Try again
        </Button>
      </InlineError>
    );
  }
  if (!data) return null;

  const running = Boolean(job && !job.finished);
  return (
    <div className="dw-usage-sync border rounded px-3 py-2 mb-3" role="region" aria-label="Usage data">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span>
          {data.dataAsOf ? (
            <>
              Data as of <DateTimeText iso={data.dataAsOf} />
            </>
          ) : (
            'No usage copied yet'
          )}
        </span>
        {data.syncedAt ? (
          <span className="text-body-secondary small">
            copied from the account at <DateTimeText iso={data.syncedAt} />; next copy within {minutes(data.intervalMs)}
          </span>
        ) : null}
        {mayWrite ? (
          <Button
            size="sm"
            variant="outline-primary"
            className="ms-auto"
            disabled={running || syncing.isLoading}
            onClick={() => void syncNow()}
          >
            {running ? 'Syncing…' : 'Sync now'}
          </Button>
        ) : null}
      </div>
      {syncing.error ? (
        <InlineError className="mt-2 mb-0 py-2">{`The sync could not start: ${apiErrorMessage(syncing.error)}`}</InlineError>
      ) : null}
      {data.lastRun?.status === 'failed' && !running ? (
        <p className="text-danger small mb-0 mt-1" role="status">
          The last sync failed ({data.lastRun.error}); the figures are those of the last complete copy.
        </p>
      ) : null}
      {jobId && running ? (
        <div className="mt-2">
          <JobProgress
            jobId={jobId}
            label={
              data.ready ? 'Copying new usage from the account' : `Copying the last ${data.backfillDays} days of usage from the account`
            }
          />
        </div>
      ) : null}
      <UsageSyncDetails status={data} currency={currency} summary={syncSummary(data, currency)} />
    </div>
  );
}

function syncSummary(status: UsageSyncStatus, currency: string): string {
  const { cost } = status;
  return `Last ${cost.days} days: ${formatCount(cost.runs)} syncs, ${formatCount(cost.sourceStatements)} statements on the account, ${formatCredits(cost.credits)} credits (${formatMoney(cost.cost, currency)})`;
}
