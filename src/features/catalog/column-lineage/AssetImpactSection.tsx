// The asset page's "Impact of a change": pick the whole model or one of its columns and how many
// steps down to look, and the page shows what the change would reach, grouped, with a CSV file
// of the same report. The choice is the page's URL (`?impact=…&depth=…`, impactChoice.ts), so a
// report can be sent as a link, and a column's "Impact of changing this column" link opens it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AssetDetail } from '@common/dbt/catalogContract';
import { apiErrorMessage, toApiError } from '../../../api/apiError';
import { fetchImpactCsv, useGetImpactQuery } from '../../../api/columnLineageApi';
import { csvFileName } from '../../../components/csv';
import { downloadTextFile } from '../../../components/downloadFile';
import { FormField } from '../../../components/FormField';
import { InlineError } from '../../../components/InlineError';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import {
  DEPTH_PARAM,
  IMPACT_PARAM,
  impactDepths,
  readDepth,
  readImpactChoice,
  WHOLE_MODEL,
  withImpactChoice,
  type ImpactChoice,
} from './impactChoice';
import { ImpactReport } from './ImpactReport';

function ImpactForm({ asset, choice, onChoose }: { asset: AssetDetail; choice: ImpactChoice; onChoose: (choice: ImpactChoice) => void }) {
  const [column, setColumn] = useState(choice.column ?? WHOLE_MODEL);
  const [depth, setDepth] = useState(String(choice.depth));
  const names = asset.columns.map((entry) => entry.name);
  // A linked column the catalog does not list (renamed since) stays choosable rather than vanishing.
  if (choice.column && !names.includes(choice.column)) names.push(choice.column);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChoose({ column: column === WHOLE_MODEL ? null : column, depth: Number(depth) });
  };
  return (
    <form className="row g-2 align-items-end mb-3" aria-label="What would change" onSubmit={submit}>
      <FormField
        id="impact-column"
        label="What changes"
        control="select"
        small
        className="col-sm-6 col-lg-4"
        value={column}
        onValue={setColumn}
      >
        <option value={WHOLE_MODEL}>{`The whole ${asset.resourceType.replace('_', ' ')} (every column)`}</option>
        {names.map((name) => (
          <option key={name} value={name}>{`Column ${name}`}</option>
        ))}
      </FormField>
      <FormField id="impact-depth" label="Steps downstream" control="select" small className="col-auto" value={depth} onValue={setDepth}>
        {impactDepths.map((value) => (
          <option key={value}>{value}</option>
        ))}
      </FormField>
      <div className="col-auto">
        <button type="submit" className="btn btn-primary btn-sm">
          Show the impact
        </button>
      </div>
    </form>
  );
}

function DownloadCsv({ asset, choice }: { asset: AssetDetail; choice: ImpactChoice }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      const text = await fetchImpactCsv({ asset: asset.uniqueId, column: choice.column ?? undefined, depth: choice.depth });
      downloadTextFile(csvFileName('impact', asset.name, choice.column ?? 'whole model'), text);
      setState({ busy: false, error: null });
    } catch (failure) {
      // The API client throws axios's error; the server's message is read from it as RTK Query's reads are.
      setState({ busy: false, error: apiErrorMessage(toApiError(failure)) });
    }
  };
  return (
    <>
      <button type="button" className="btn btn-outline-secondary btn-sm" disabled={state.busy} onClick={() => void download()}>
        {state.busy ? 'Preparing the file…' : 'Download as CSV'}
      </button>
      {state.error ? <InlineError className="mt-2 mb-0 py-2">{`The file could not be made: ${state.error}`}</InlineError> : null}
    </>
  );
}

export function AssetImpactSection({ asset }: { asset: AssetDetail }) {
  const [params, setParams] = useSearchParams();
  const choice = readImpactChoice(params);
  const choiceKey = choice ? `${choice.column ?? WHOLE_MODEL}|${choice.depth}` : '';
  const query = { asset: asset.uniqueId, ...(choice?.column ? { column: choice.column } : {}), depth: choice?.depth };
  const report = useGetImpactQuery(query, { skip: !choice });
  const reportRef = useRef<HTMLDivElement>(null);
  const shownKey = useRef<string | null>(null);
  // A new choice (a column's link, the form) brings the report into view with focus on it, so a
  // keyboard or screen reader user lands on what they asked for; the first render only scrolls.
  useEffect(() => {
    const first = shownKey.current === null;
    shownKey.current = choiceKey;
    if (!choiceKey || !reportRef.current) return;
    reportRef.current.scrollIntoView?.({ block: 'start' });
    if (!first) reportRef.current.focus();
  }, [choiceKey]);

  const choose = (next: ImpactChoice) => setParams((current) => withImpactChoice(current, next));
  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(IMPACT_PARAM);
      next.delete(DEPTH_PARAM);
      return next;
    });
  return (
    <Panel
      title="Impact of a change"
      description="What a change to this asset, or to one of its columns, would reach downstream, and who to tell."
      actions={choice ? <DownloadCsv asset={asset} choice={choice} /> : null}
    >
      <ImpactForm key={choiceKey} asset={asset} choice={choice ?? { column: null, depth: readDepth(params) }} onChoose={choose} />
      {choice ? (
        <div ref={reportRef} tabIndex={-1} aria-label="Impact report" role="region">
          <QueryResult query={report} loadingLabel="Working out the impact…" errorTitle="The impact could not be worked out">
            {(answer) => <ImpactReport report={answer} />}
          </QueryResult>
          <button type="button" className="btn btn-link btn-sm px-0" onClick={close}>
            Close the report
          </button>
        </div>
      ) : (
        <p className="small text-body-secondary mb-0">Choose what would change and press “Show the impact”.</p>
      )}
    </Panel>
  );
}
