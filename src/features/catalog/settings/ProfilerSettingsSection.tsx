// Catalog Settings: the profiler's sample size. Above this many rows a table's column figures are
// computed on a repeatable sample of about this many rows; its row count stays exact.
import { PROFILE_SAMPLE_ROWS_MAX, PROFILE_SAMPLE_ROWS_MIN } from '@common/catalog-settings/catalogSettingsContract';
import { useGetProfilerSettingsQuery, useSaveProfilerSettingsMutation } from '../../../api/catalogAlertsApi';
import { formatCount } from '../../../components/format';
import { SettingsSection } from '../../../components/SettingsSection';
import { OneSettingForm, type Parsed } from './OneSettingForm';

export function parseRows(text: string): Parsed<number> {
  const value = Number(text.replace(/[\s,_]/g, ''));
  if (!text.trim() || !Number.isInteger(value) || value < PROFILE_SAMPLE_ROWS_MIN || value > PROFILE_SAMPLE_ROWS_MAX) {
    return { error: `A whole number of rows from ${formatCount(PROFILE_SAMPLE_ROWS_MIN)} to ${formatCount(PROFILE_SAMPLE_ROWS_MAX)}.` };
  }
  return { value };
}

export function ProfilerSettingsSection() {
  const settings = useGetProfilerSettingsQuery();
  const saving = useSaveProfilerSettingsMutation();
  return (
    <SettingsSection
      title="Profiler"
      description="Profiles run on your warehouse and use its compute: a smaller sample is cheaper, a larger one closer to exact."
      query={settings}
      loadingLabel="Loading the profiler limits…"
      errorTitle="The profiler limits could not be loaded"
    >
      {(result) => (
        <OneSettingForm
          label="Sample above (rows)"
          help="Above this many rows, column figures are computed on a sample of about this many rows; the row count stays exact."
          initial={String(result.settings.sampleRows)}
          portalDefault={`Portal default: ${formatCount(result.portalDefault.sampleRows)} rows.`}
          changed={result}
          parse={parseRows}
          mutation={saving}
          body={(sampleRows) => ({ sampleRows })}
          inputMode="numeric"
        />
      )}
    </SettingsSection>
  );
}
