// Someone else's layout settings (saved by a user, or shared with a ticket), read-only, and a
// button that applies them to this session. They came from another browser, so they are
// checked with the same schema as pasted settings before anything changes; what is wrong is
// said instead.
import { useState } from 'react';
import type { AppearancePatch } from '@common/layout/layoutSettings';
import { appearancePatchSchema, describeIssues } from '@common/layout/layoutSchema';

interface SharedLayoutSettingsProps {
  /** The settings as they were stored. */
  settings: unknown;
  /** The text area's id. */
  id: string;
  /** The most lines the text area shows before it scrolls. */
  maxRows: number;
  /** Whose settings, for the sentence once applied. */
  owner: string;
  /** A smaller label and button, inside a denser card. */
  small?: boolean;
  /** Applies the checked settings (the layout's own action). */
  onApply: (patch: AppearancePatch) => void;
}

export function SharedLayoutSettings({ settings, id, maxRows, owner, small, onApply }: SharedLayoutSettingsProps) {
  const [message, setMessage] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const json = JSON.stringify(settings, null, 2);

  const apply = () => {
    const parsed = appearancePatchSchema.safeParse(settings);
    if (!parsed.success) {
      setMessage({ kind: 'danger', text: `These settings cannot be applied: ${describeIssues(parsed.error)}` });
      return;
    }
    onApply(parsed.data);
    setMessage({ kind: 'success', text: `The layout of ${owner} is now applied to your session.` });
  };

  return (
    <>
      <label htmlFor={id} className={small ? 'form-label small' : 'form-label'}>
        Settings (JSON, read-only)
      </label>
      <textarea
        id={id}
        className="form-control font-monospace small mb-3"
        rows={Math.min(maxRows, json.split('\n').length)}
        value={json}
        readOnly
        spellCheck={false}
      />
      <button type="button" className={small ? 'btn btn-primary btn-sm' : 'btn btn-primary'} onClick={apply}>
        Apply to my session
      </button>
      {message ? (
        <p role={message.kind === 'danger' ? 'alert' : 'status'} className={`mt-3 mb-0 text-${message.kind}`}>
          {message.text}
        </p>
      ) : null}
    </>
  );
}
