// Catalog Settings: how often the portal checks the freshness of the organisation's dbt sources
// (0: only when someone asks, with "check now" on the freshness page).
import { FRESHNESS_MINUTES_MAX } from '@common/catalog-settings/catalogSettingsContract';
import { useGetFreshnessSettingsQuery, useSaveFreshnessSettingsMutation } from '../../../api/catalogAlertsApi';
import { SettingsSection } from '../../../components/SettingsSection';
import { OneSettingForm, type Parsed } from './OneSettingForm';

const every = (minutes: number) => (minutes === 0 ? 'no schedule' : `every ${minutes} minutes`);

export function parseMinutes(text: string): Parsed<number> {
  const value = Number(text.trim());
  if (!text.trim() || !Number.isInteger(value) || value < 0 || value > FRESHNESS_MINUTES_MAX)
    return { error: `A whole number of minutes from 0 (no schedule) to ${FRESHNESS_MINUTES_MAX} (a week).` };
  return { value };
}

export function FreshnessSettingsSection() {
  const settings = useGetFreshnessSettingsQuery();
  const saving = useSaveFreshnessSettingsMutation();
  return (
    <SettingsSection
      title="Freshness checks"
      description="The portal runs the query dbt source freshness runs, on this schedule, for the sources of your current dbt project."
      query={settings}
      loadingLabel="Loading the freshness schedule…"
      errorTitle="The freshness schedule could not be loaded"
    >
      {(result) => (
        <OneSettingForm
          label="Minutes between checks"
          help="0 turns the schedule off; the freshness page can still check now."
          initial={String(result.settings.checkMinutes)}
          portalDefault={`Portal default: ${every(result.portalDefault.checkMinutes)}.`}
          changed={result}
          parse={parseMinutes}
          mutation={saving}
          body={(checkMinutes) => ({ checkMinutes })}
          inputMode="numeric"
        />
      )}
    </SettingsSection>
  );
}
