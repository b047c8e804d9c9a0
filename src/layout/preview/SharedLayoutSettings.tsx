// Someone else's layout settings (saved by a user, or shared with a ticket), said in words as
// the settings that differ from the defaults, and a button that previews them in this tab. They
// came from another browser, so they are checked with the same schema as pasted settings before
// anything changes; what is wrong is said instead.
import { useMemo, useState } from 'react';
import { appearancePatchSchema, describeIssues } from '@common/layout/layoutSchema';
import { useAppDispatch } from '../../state/hooks';
import { previewLayout } from './layoutPreviewSlice';
import { differencesFromDefaults } from './settingDescriptions';

interface SharedLayoutSettingsProps {
  /** The settings as they were stored. */
  settings: unknown;
  /** Whose settings. */
  owner: string;
  /** A smaller heading and button, inside a denser card. */
  small?: boolean;
}

export function SharedLayoutSettings({ settings, owner, small }: SharedLayoutSettingsProps) {
  const dispatch = useAppDispatch();
  const [message, setMessage] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const parsed = useMemo(() => appearancePatchSchema.safeParse(settings), [settings]);
  const differences = parsed.success ? differencesFromDefaults(parsed.data) : [];

  const apply = () => {
    if (!parsed.success) {
      setMessage({ kind: 'danger', text: `These settings cannot be applied: ${describeIssues(parsed.error)}` });
      return;
    }
    dispatch(previewLayout(owner, parsed.data));
    setMessage({
      kind: 'success',
      text: `You now see the layout of ${owner} in this tab. Your own layout is kept: "Return to my layout" at the top of the page puts it back.`,
    });
  };

  return (
    <>
      {parsed.success ? (
        differences.length === 0 ? (
          <p className={small ? 'small' : undefined}>The default layout: nothing was changed.</p>
        ) : (
          <dl className={`row mb-3${small ? ' small' : ''}`} aria-label={`Layout of ${owner}, as it differs from the defaults`}>
            {differences.map((difference) => (
              <div key={difference.key} className="col-12 d-flex flex-wrap gap-2">
                <dt className="fw-semibold">{difference.name}</dt>
                <dd className="mb-1">
                  {difference.value} <span className="text-body-secondary">(default: {difference.defaultValue})</span>
                </dd>
              </div>
            ))}
          </dl>
        )
      ) : (
        <p className="text-danger">{`These settings cannot be read: ${describeIssues(parsed.error)}`}</p>
      )}
      <button type="button" className={small ? 'btn btn-primary btn-sm' : 'btn btn-primary'} onClick={apply}>
        Preview in this tab
      </button>
      {message ? (
        <p role={message.kind === 'danger' ? 'alert' : 'status'} className={`mt-3 mb-0 text-${message.kind}`}>
          {message.text}
        </p>
      ) : null}
    </>
  );
}
