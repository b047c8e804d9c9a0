// The last step of adding a connector: the discovered streams to copy, where they land in the
// warehouse, the schedule, and the connection's name. Creating it saves the tested source with
// it (nothing was saved before) and opens the connection page.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AirbyteCatalog } from '@common/integrations/airbyteProtocol';
import type { Schedule, SourceCreate, StreamSelection } from '@common/integrations/integrationsContract';
import { CONNECTION_NAME_MAX } from '@common/integrations/integrationsRules';
import { appPaths } from '@common/paths';
import { apiErrorField, apiErrorMessage } from '../../api/apiError';
import { useCreateConnectionMutation } from '../../api/integrationsApi';
import { FormField } from '../../components/FormField';
import { InlineError } from '../../components/InlineError';
import { ScheduleFields } from './ScheduleFields';
import { defaultSelection } from './streamSelections';
import { StreamsTable } from './StreamsTable';

/** A warehouse schema name from the source's name: RAW_ plus letters, digits and underscores. */
function defaultSchema(name: string): string {
  const cleaned = name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `RAW_${cleaned || 'SOURCE'}`.slice(0, 60);
}

interface ConnectionSetupProps {
  /** The tested source, saved with the connection. */
  source: SourceCreate;
  catalog: AirbyteCatalog;
  /** This step's number on its page. */
  step: number;
}

export function ConnectionSetup({ source, catalog, step }: ConnectionSetupProps) {
  const navigate = useNavigate();
  const [name, setName] = useState(source.name);
  const [schema, setSchema] = useState(defaultSchema(source.name));
  const [streams, setStreams] = useState<StreamSelection[]>(() => catalog.streams.map(defaultSelection));
  const [schedule, setSchedule] = useState<Schedule>({ kind: 'manual' });
  const [create, creating] = useCreateConnectionMutation();
  const field = apiErrorField(creating.error);
  const message = creating.error ? apiErrorMessage(creating.error) : null;
  const at = (name: string) => (field === name && message ? message : undefined);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await create({ name, source, destinationSchema: schema, streams, schedule });
    if ('data' in result && result.data) navigate(`${appPaths.manageConnectors}?connection=${encodeURIComponent(result.data.id)}`);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="setup-title">
      <h2 className="h5" id="setup-title">
        {`${step}. Streams and schedule`}
      </h2>
      <div className="row g-3">
        <div className="col-md-6">
          <FormField label="Connection name" value={name} onValue={setName} maxLength={CONNECTION_NAME_MAX} error={at('name')} required />
        </div>
        <div className="col-md-6">
          <FormField
            label="Warehouse schema"
            value={schema}
            onValue={setSchema}
            help="Streams without their own namespace land here."
            error={at('destinationSchema')}
            required
          />
        </div>
      </div>
      <StreamsTable caption="Streams the source offers" catalog={catalog.streams} value={streams} onChange={setStreams} />
      {at('streams') ? <InlineError>{at('streams')}</InlineError> : null}
      <ScheduleFields value={schedule} onChange={setSchedule} error={at('schedule')} />
      {message && !['name', 'destinationSchema', 'streams', 'schedule'].includes(field ?? '') ? <InlineError>{message}</InlineError> : null}
      <button type="submit" className="btn btn-primary" disabled={creating.isLoading}>
        {creating.isLoading ? 'Creating…' : 'Create connection'}
      </button>
    </form>
  );
}
