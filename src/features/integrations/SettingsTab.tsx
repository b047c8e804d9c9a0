// A connection's Settings: name and schedule, pause or resume, reset its state (the next sync
// reads everything again), and delete it, each destructive step confirmed first.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ConnectionView, Schedule } from '@common/integrations/integrationsContract';
import { CONNECTION_NAME_MAX } from '@common/integrations/integrationsRules';
import { appPaths } from '@common/paths';
import { apiErrorField, apiErrorMessage } from '../../api/apiError';
import { useDeleteConnectionMutation, useResetConnectionMutation, useUpdateConnectionMutation } from '../../api/integrationsApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormField } from '../../components/FormField';
import { InlineError } from '../../components/InlineError';
import { ScheduleFields } from './ScheduleFields';

export function SettingsTab({ connection }: { connection: ConnectionView }) {
  const navigate = useNavigate();
  const [name, setName] = useState(connection.name);
  const [schedule, setSchedule] = useState<Schedule>(connection.schedule);
  const [saved, setSaved] = useState(false);
  const [update, updating] = useUpdateConnectionMutation();
  const [pause, pausing] = useUpdateConnectionMutation();
  const [reset, resetting] = useResetConnectionMutation();
  const [remove, removing] = useDeleteConnectionMutation();
  const [asking, setAsking] = useState<'reset' | 'delete' | null>(null);
  const field = apiErrorField(updating.error);
  const message = updating.error ? apiErrorMessage(updating.error) : null;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const result = await update({ id: connection.id, patch: { name, schedule } });
    if ('data' in result) setSaved(true);
  };
  const confirmReset = async () => {
    const result = await reset({ id: connection.id });
    if ('data' in result) setAsking(null);
  };
  const confirmDelete = async () => {
    const result = await remove(connection.id);
    if (!('error' in result)) navigate(appPaths.manageConnectors);
  };
  const paused = connection.status === 'paused';

  return (
    <>
      <form onSubmit={save} noValidate aria-labelledby="settings-title" className="mb-4">
        <h2 className="h5" id="settings-title">
          Name and schedule
        </h2>
        <FormField
          label="Connection name"
          value={name}
          onValue={setName}
          maxLength={CONNECTION_NAME_MAX}
          error={field === 'name' && message ? message : undefined}
          style={{ maxWidth: '28rem' }}
        />
        <ScheduleFields value={schedule} onChange={setSchedule} error={field === 'schedule' ? message : null} />
        {message && field !== 'name' && field !== 'schedule' ? <InlineError>{message}</InlineError> : null}
        <div aria-live="polite">{saved ? <p className="text-success">Saved.</p> : null}</div>
        <button type="submit" className="btn btn-primary" disabled={updating.isLoading}>
          {updating.isLoading ? 'Saving…' : 'Save settings'}
        </button>
      </form>
      <section aria-labelledby="state-title" className="mb-4">
        <h2 className="h5" id="state-title">
          {paused ? 'Paused' : 'Active'}
        </h2>
        <p>{paused ? 'Scheduled syncs do not run while the connection is paused.' : 'Syncs run on the schedule above.'}</p>
        {pausing.error ? <InlineError>{apiErrorMessage(pausing.error)}</InlineError> : null}
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={pausing.isLoading}
          onClick={() => void pause({ id: connection.id, patch: { status: paused ? 'active' : 'paused' } })}
        >
          {paused ? 'Resume connection' : 'Pause connection'}
        </button>
      </section>
      <section aria-labelledby="danger-title">
        <h2 className="h5" id="danger-title">
          Reset or delete
        </h2>
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline-danger" onClick={() => setAsking('reset')}>
            Reset state
          </button>
          <button type="button" className="btn btn-danger" onClick={() => setAsking('delete')}>
            Delete connection
          </button>
        </div>
      </section>
      {asking === 'reset' ? (
        <ConfirmDialog
          title="Reset this connection's state?"
          confirmLabel="Reset state"
          busyLabel="Resetting…"
          variant="danger"
          busy={resetting.isLoading}
          error={resetting.error ? apiErrorMessage(resetting.error) : null}
          onConfirm={() => void confirmReset()}
          onCancel={() => setAsking(null)}
        >
          {`The saved cursors of "${connection.name}" are forgotten: the next sync reads every stream again from the start.`}
        </ConfirmDialog>
      ) : null}
      {asking === 'delete' ? (
        <ConfirmDialog
          title="Delete this connection?"
          confirmLabel="Delete connection"
          busyLabel="Deleting…"
          variant="danger"
          busy={removing.isLoading}
          error={removing.error ? apiErrorMessage(removing.error) : null}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setAsking(null)}
        >
          {`"${connection.name}" stops syncing and is removed with its job history; a running sync is cancelled. The tables already written to the warehouse are not dropped.`}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
