// A connection's Settings: name and schedule, its source's settings (re-tested before they are
// saved, secrets rotated there), pause or resume, reset its state (the next sync reads everything
// again), and delete it, each destructive step confirmed first.
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
import { useDeleteConfirm } from '../../components/useDeleteConfirm';
import { ScheduleFields } from './ScheduleFields';
import { SourceSettings } from './SourceSettings';

export function SettingsTab({ connection }: { connection: ConnectionView }) {
  const navigate = useNavigate();
  const [name, setName] = useState(connection.name);
  const [schedule, setSchedule] = useState<Schedule>(connection.schedule);
  const [saved, setSaved] = useState(false);
  const [update, updating] = useUpdateConnectionMutation();
  const [pause, pausing] = useUpdateConnectionMutation();
  const resetting = useDeleteConfirm(useResetConnectionMutation(), (asked: ConnectionView) => ({ id: asked.id }));
  const deleting = useDeleteConfirm(
    useDeleteConnectionMutation(),
    (asked: ConnectionView) => asked.id,
    () => navigate(appPaths.manageConnectors),
  );
  const field = apiErrorField(updating.error);
  const message = updating.error ? apiErrorMessage(updating.error) : null;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const result = await update({ id: connection.id, patch: { name, schedule } });
    if ('data' in result) setSaved(true);
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
      <SourceSettings connection={connection} />
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
          <button type="button" className="btn btn-outline-danger" onClick={() => resetting.ask(connection)}>
            Reset state
          </button>
          <button type="button" className="btn btn-danger" onClick={() => deleting.ask(connection)}>
            Delete connection
          </button>
        </div>
      </section>
      {resetting.target ? (
        <ConfirmDialog title="Reset this connection's state?" confirmLabel="Reset state" busyLabel="Resetting…" {...resetting.dialogProps}>
          {`The saved cursors of "${connection.name}" are forgotten: the next sync reads every stream again from the start.`}
        </ConfirmDialog>
      ) : null}
      {deleting.target ? (
        <ConfirmDialog title="Delete this connection?" confirmLabel="Delete connection" busyLabel="Deleting…" {...deleting.dialogProps}>
          {`"${connection.name}" stops syncing and is removed with its job history; a running sync is cancelled. The tables already written to the warehouse are not dropped.`}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
