// A user's saved layout settings, said in words, and previewing them in this tab.
import type { UserLayoutSettings } from '../../api/layoutSettingsApi';
import { DateTimeText } from '../../components/DateTimeText';
import { SharedLayoutSettings } from '../../layout';

export function SavedSettings({ saved }: { saved: UserLayoutSettings }) {
  return (
    <div className="card dw-card">
      <div className="card-body">
        <h2 className="h5 mb-1">Saved settings of {saved.username}</h2>
        <p className="text-body-secondary small">
          Last saved <DateTimeText iso={saved.updatedAt} />
        </p>
        <SharedLayoutSettings settings={saved.settings} owner={saved.username} />
      </div>
    </div>
  );
}
