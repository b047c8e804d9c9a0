// A user's saved layout settings, said in words, and previewing them in this tab.
import type { UserLayoutSettings } from '../../api/layoutSettingsApi';
import { SharedLayoutSettings } from '../../layout';

export function SavedSettings({ saved }: { saved: UserLayoutSettings }) {
  const savedAt = new Date(saved.updatedAt);

  return (
    <div className="card dw-card">
      <div className="card-body">
        <h2 className="h5 mb-1">Saved settings of {saved.username}</h2>
        <p className="text-body-secondary small">
          Last saved{' '}
          {Number.isNaN(savedAt.getTime()) ? saved.updatedAt : <time dateTime={saved.updatedAt}>{savedAt.toLocaleString()}</time>}
        </p>
        <SharedLayoutSettings settings={saved.settings} owner={saved.username} />
      </div>
    </div>
  );
}
