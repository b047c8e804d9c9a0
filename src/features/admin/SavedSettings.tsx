// A user's saved layout settings, read-only, and applying them to the current session. They
// came from another browser, so they are checked with the same schema as pasted settings.
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { UserLayoutSettings } from '../../api/layoutSettingsApi';
import { useAppDispatch } from '../../state/hooks';
import { appearancePatchSchema, describeIssues } from '@common/layout/layoutSchema';
import { layoutActions } from '../../layout';

export function SavedSettings({ saved }: { saved: UserLayoutSettings }) {
  const dispatch = useAppDispatch();
  const [message, setMessage] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const json = JSON.stringify(saved.settings, null, 2);
  const savedAt = new Date(saved.updatedAt);

  const apply = () => {
    const parsed = appearancePatchSchema.safeParse(saved.settings);
    if (!parsed.success) {
      setMessage({ kind: 'danger', text: `These settings cannot be applied: ${describeIssues(parsed.error)}` });
      return;
    }
    dispatch(layoutActions.applySettings(parsed.data));
    setMessage({ kind: 'success', text: `The layout of ${saved.username} is now applied to your session.` });
  };

  return (
    <div className="card dw-card">
      <div className="card-body">
        <h2 className="h5 mb-1">Saved settings of {saved.username}</h2>
        <p className="text-body-secondary small">
          Last saved{' '}
          {Number.isNaN(savedAt.getTime()) ? saved.updatedAt : <time dateTime={saved.updatedAt}>{savedAt.toLocaleString()}</time>}
        </p>
        <label htmlFor="admin-settings-json" className="form-label">
          Settings (JSON, read-only)
        </label>
        <textarea
          id="admin-settings-json"
          className="form-control font-monospace small mb-3"
          rows={Math.min(24, json.split('\n').length)}
          value={json}
          readOnly
          spellCheck={false}
        />
        <Button onClick={apply}>Apply to my session</Button>
        {message ? (
          <p role={message.kind === 'danger' ? 'alert' : 'status'} className={`mt-3 mb-0 text-${message.kind}`}>
            {message.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
