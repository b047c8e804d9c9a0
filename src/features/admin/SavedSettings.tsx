// A user's saved layout settings, read-only, and applying them to the current session.
import type { UserLayoutSettings } from '../../api/layoutSettingsApi';
import { SharedLayoutSettings } from '../../components/SharedLayoutSettings';
import { useAppDispatch } from '../../state/hooks';
import { layoutActions } from '../../layout';

export function SavedSettings({ saved }: { saved: UserLayoutSettings }) {
  const dispatch = useAppDispatch();
  const savedAt = new Date(saved.updatedAt);

  return (
    <div className="card dw-card">
      <div className="card-body">
        <h2 className="h5 mb-1">Saved settings of {saved.username}</h2>
        <p className="text-body-secondary small">
          Last saved{' '}
          {Number.isNaN(savedAt.getTime()) ? saved.updatedAt : <time dateTime={saved.updatedAt}>{savedAt.toLocaleString()}</time>}
        </p>
        <SharedLayoutSettings
          settings={saved.settings}
          id="admin-settings-json"
          maxRows={24}
          owner={saved.username}
          onApply={(patch) => dispatch(layoutActions.applySettings(patch))}
        />
      </div>
    </div>
  );
}
