// Support staff's reproduction path: the layout settings the requester shared with the ticket,
// read-only, and a button that applies them to the staff member's own session (as /app/admin
// does with a user's saved settings). They came from another browser, so they are checked with
// the same schema as pasted settings before anything changes.
import { useState } from 'react';
import { appearancePatchSchema, describeIssues } from '@common/layout/layoutSchema';
import { layoutActions } from '../../layout';
import { useAppDispatch } from '../../state/hooks';

export function RequesterLayout({ settings, requester }: { settings: Record<string, unknown>; requester: string }) {
  const dispatch = useAppDispatch();
  const [message, setMessage] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const json = JSON.stringify(settings, null, 2);
  const apply = () => {
    const parsed = appearancePatchSchema.safeParse(settings);
    if (!parsed.success) {
      setMessage({ kind: 'danger', text: `These settings cannot be applied: ${describeIssues(parsed.error)}` });
      return;
    }
    dispatch(layoutActions.applySettings(parsed.data));
    setMessage({ kind: 'success', text: `The layout of ${requester} is now applied to your session.` });
  };
  return (
    <section aria-labelledby="requester-layout-title" className="card dw-card mb-4">
      <div className="card-body">
        <h2 id="requester-layout-title" className="h6">
          Layout settings of {requester}
        </h2>
        <p className="small text-body-secondary">Shared with the ticket. Apply them to see the portal as the requester does.</p>
        <label htmlFor="requester-layout-json" className="form-label small">
          Settings (JSON, read-only)
        </label>
        <textarea
          id="requester-layout-json"
          className="form-control font-monospace small mb-3"
          rows={Math.min(12, json.split('\n').length)}
          value={json}
          readOnly
          spellCheck={false}
        />
        <button type="button" className="btn btn-primary btn-sm" onClick={apply}>
          Apply to my session
        </button>
        {message ? (
          <p role={message.kind === 'danger' ? 'alert' : 'status'} className={`mt-3 mb-0 text-${message.kind}`}>
            {message.text}
          </p>
        ) : null}
      </div>
    </section>
  );
}
