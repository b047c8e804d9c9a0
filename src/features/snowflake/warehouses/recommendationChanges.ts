// A recommendation's change as a reader checks it: each setting, from what it is to what it
// becomes.
import type { Recommendation } from '../../../api/warehouseTypes';
import { formatSeconds } from '../../../components/format';

export interface SettingChange {
  setting: string;
  from: string;
  to: string;
}

export function settingChanges(recommendation: Recommendation): SettingChange[] {
  const { change, current } = recommendation;
  const changes: SettingChange[] = [];
  if (change.size !== undefined) changes.push({ setting: 'Size', from: current.size, to: change.size });
  if (change.autoSuspendSeconds !== undefined) {
    changes.push({
      setting: 'Auto-suspend',
      from: formatSeconds(current.autoSuspendSeconds),
      to: formatSeconds(change.autoSuspendSeconds),
    });
  }
  if (change.maxClusterCount !== undefined) {
    changes.push({ setting: 'Maximum clusters', from: String(current.maxClusterCount), to: String(change.maxClusterCount) });
  }
  return changes;
}

export function changeSummary(recommendation: Recommendation): string {
  return settingChanges(recommendation)
    .map((change) => `${change.setting}: ${change.from} → ${change.to}`)
    .join('; ');
}
