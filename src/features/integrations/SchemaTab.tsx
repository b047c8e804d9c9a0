// A connection's Schema: the source's streams and their fields as the connector reports them now,
// which of them the connection copies and how (saved with the connection), and a re-sync of one
// stream: a sync that reads it again from the start (on the embedded engine only: Airbyte's public
// API resets whole connections).
import { useEffect, useState } from 'react';
import type { ConnectionView, StreamSelection } from '@common/integrations/integrationsContract';
import { apiErrorMessage } from '../../api/apiError';
import {
  useDiscoverSourceMutation,
  useRefreshSchemaMutation,
  useResyncStreamMutation,
  useUpdateConnectionMutation,
} from '../../api/integrationsApi';
import { InlineError } from '../../components/InlineError';
import { defaultSelection, streamLabel } from './streamSelections';
import { StreamsTable } from './StreamsTable';

function typeOf(schema: unknown): string {
  const type = (schema as { type?: unknown } | null)?.type;
  return Array.isArray(type) ? type.filter((part) => part !== 'null').join(' or ') : typeof type === 'string' ? type : 'any';
}

export function SchemaTab({ connection }: { connection: ConnectionView }) {
  const [discover, discovered] = useDiscoverSourceMutation();
  const [refresh, refreshing] = useRefreshSchemaMutation();
  const [save, saving] = useUpdateConnectionMutation();
  const [resyncStream, resyncing] = useResyncStreamMutation();
  const [streams, setStreams] = useState<StreamSelection[]>(connection.streams);
  const [notice, setNotice] = useState<string | null>(null);
  const catalog = discovered.data?.streams ?? [];

  useEffect(() => {
    void discover(connection.source.id);
  }, [discover, connection.source.id]);

  // Streams the source offers now but the connection has never seen are listed, unselected.
  const known = new Set(streams.map(streamLabel));
  const rows = [
    ...streams,
    ...catalog.filter((stream) => !known.has(streamLabel(stream))).map((stream) => ({ ...defaultSelection(stream), selected: false })),
  ];

  const saveStreams = async () => {
    setNotice(null);
    const result = await save({ id: connection.id, patch: { streams: rows } });
    if ('data' in result) setNotice('Stream choices saved. They apply from the next sync.');
  };
  const resync = async (stream: string) => {
    setNotice(null);
    const result = await resyncStream({ id: connection.id, stream });
    if ('data' in result) setNotice(`A sync started that reads ${stream} again from the start. Follow it on the Status tab.`);
  };
  const refreshSchema = async () => {
    setNotice(null);
    const result = await refresh(connection.id);
    if ('data' in result) {
      void discover(connection.source.id);
      setNotice('The schema was read again from the source.');
    }
  };
  const error = saving.error ?? resyncing.error ?? refreshing.error ?? discovered.error;

  return (
    <>
      <div aria-live="polite">{notice ? <p className="text-success">{notice}</p> : null}</div>
      {error ? <InlineError>{apiErrorMessage(error)}</InlineError> : null}
      <div className="d-flex flex-wrap gap-2 mb-3">
        <button type="button" className="btn btn-outline-secondary" disabled={refreshing.isLoading} onClick={() => void refreshSchema()}>
          {refreshing.isLoading ? 'Reading the source…' : 'Refresh schema'}
        </button>
      </div>
      {discovered.isLoading ? <p role="status">Reading the source's streams…</p> : null}
      {connection.engine === 'airbyte' ? (
        <p className="text-body-secondary">
          This connection runs on Airbyte, whose public API cannot read one stream again on its own. To read every stream from the start,
          reset the connection&apos;s state in Settings.
        </p>
      ) : null}
      <StreamsTable caption="Streams this connection copies" catalog={catalog} value={rows} onChange={setStreams} />
      <button type="button" className="btn btn-primary mb-4" disabled={saving.isLoading} onClick={() => void saveStreams()}>
        {saving.isLoading ? 'Saving…' : 'Save stream choices'}
      </button>
      <h2 className="h5">Fields</h2>
      {catalog.length === 0 && !discovered.isLoading ? <p>The source reported no streams.</p> : null}
      {catalog.map((stream) => {
        const label = streamLabel(stream);
        const properties = (stream.json_schema.properties ?? {}) as Record<string, unknown>;
        const selected = connection.streams.some((row) => row.selected && streamLabel(row) === label);
        return (
          <details key={label} className="mb-2">
            <summary>{`${label} (${Object.keys(properties).length} fields)`}</summary>
            <ul className="small mt-2">
              {Object.entries(properties).map(([name, schema]) => (
                <li key={name}>
                  <code>{name}</code> {typeOf(schema)}
                </li>
              ))}
            </ul>
            {selected && connection.engine !== 'airbyte' ? (
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm mb-2"
                disabled={resyncing.isLoading}
                onClick={() => void resync(label)}
              >
                {`Re-sync ${label} from the start`}
              </button>
            ) : null}
          </details>
        );
      })}
    </>
  );
}
