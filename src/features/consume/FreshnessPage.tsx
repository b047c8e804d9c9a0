// /app/freshness: is the data fresh? Each source table's last load against its dbt freshness
// criteria — from the uploaded sources.json and from the portal's own checks, which run dbt's
// freshness query on the warehouse on a schedule or now ("Check now", followed live) — and
// how long ago each model was last built successfully.
import { useEffect, useState } from 'react';
import type { FreshnessResponse } from '@common/dbt/consumeContract';
import { apiErrorMessage } from '../../api/apiError';
import { invalidateCatalog, useGetFreshnessQuery, useStartFreshnessCheckMutation } from '../../api/dbtApi';
import { useJobProgress } from '../../api/live/useJobProgress';
import { csvFileName } from '../../components/csv';
import { DataTable } from '../../components/DataTable';
import { DateTimeText } from '../../components/DateTimeText';
import { DbtPage } from '../../components/DbtPage';
import { formatCount } from '../../components/format';
import { FigureTiles } from '../../components/FigureTiles';
import { JobProgress } from '../../components/JobProgress';
import { Panel } from '../../components/Panel';
import { QueryResult } from '../../components/QueryResult';
import { useAppDispatch } from '../../state/hooks';
import { modelColumns, sourceColumns } from './freshnessColumns';
import './consume.css';

function Figures({ freshness }: { freshness: FreshnessResponse }) {
  const count = (status: string) => freshness.sources.filter((source) => source.status === status).length;
  const figures: [string, number][] = [
    ['Sources', freshness.sources.length],
    ['Fresh', count('pass')],
    ['Warn', count('warn')],
    ['Error', count('error') + count('runtime error')],
  ];
  return <FigureTiles label="Freshness figures" figures={figures.map(([label, value]) => ({ label, value: formatCount(value) }))} />;
}

function CheckNow() {
  const dispatch = useAppDispatch();
  const [start, started] = useStartFreshnessCheckMutation();
  const [jobId, setJobId] = useState<string | null>(null);
  const { job } = useJobProgress(jobId ?? undefined);
  const running = jobId !== null && !job?.finished;

  useEffect(() => {
    if (job?.finished) dispatch(invalidateCatalog());
  }, [job?.finished, dispatch]);

  const run = async () => {
    const answer = await start()
      .unwrap()
      .catch(() => null);
    if (answer) setJobId(answer.jobId);
  };
  return (
    <div className="mb-3">
      <button type="button" className="btn btn-primary" onClick={() => void run()} disabled={started.isLoading || running}>
        {running ? 'Checking…' : 'Check now'}
      </button>
      {started.error ? (
        <div className="alert alert-danger mt-2 mb-0">The check could not start: {apiErrorMessage(started.error)}</div>
      ) : null}
      {jobId ? (
        <div className="mt-2">
          <JobProgress jobId={jobId} label="Checking source freshness on the warehouse" />
        </div>
      ) : null}
    </div>
  );
}

function Freshness() {
  const freshnessQuery = useGetFreshnessQuery();
  return (
    <QueryResult query={freshnessQuery} loadingLabel="Loading freshness…" errorTitle="Freshness could not be loaded">
      {(freshness) => (
        <>
          <p className="small text-body-secondary">
            {freshness.scheduleMinutes ? `The portal checks every ${freshness.scheduleMinutes} minutes. ` : 'Scheduled checks are off. '}
            Last check: <DateTimeText iso={freshness.lastCheckAt} empty="none yet" />.
          </p>
          <CheckNow />
          <Figures freshness={freshness} />
          <Panel
            title="Sources"
            description="The newest value of each table's loaded-at field, against the warn and error criteria in the dbt project."
          >
            <DataTable
              caption="Source freshness"
              columns={sourceColumns}
              rows={freshness.sources}
              rowKey={(row) => row.uniqueId}
              exportFileName={csvFileName('source freshness', freshness.lastCheckAt ?? '')}
              initialSort={{ id: 'status', desc: true }}
              emptyText="No source in the project has freshness criteria."
            />
          </Panel>
          <Panel title="Models" description="Time since each model's last successful build (from the uploaded run results).">
            <DataTable
              caption="Model freshness"
              columns={modelColumns}
              rows={freshness.models}
              rowKey={(row) => row.uniqueId}
              exportFileName={csvFileName('model freshness')}
              initialSort={{ id: 'age', desc: true }}
              emptyText="No model builds in the uploaded run results."
            />
          </Panel>
        </>
      )}
    </QueryResult>
  );
}

export default function FreshnessPage() {
  return (
    <DbtPage id="freshness-title" title="Freshness" intro="When each source table was last loaded, and when each model was last built.">
      {() => <Freshness />}
    </DbtPage>
  );
}
