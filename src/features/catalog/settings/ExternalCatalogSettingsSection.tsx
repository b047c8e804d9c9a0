// Catalog Settings: the organisation's external catalog (OpenMetadata, say). The menu's Data
// Catalog links open it at the same path; empty, the portal's own catalog answers them.
import { useGetExternalCatalogSettingsQuery, useSaveExternalCatalogSettingsMutation } from '../../../api/catalogAlertsApi';
import { SettingsSection } from '../../../components/SettingsSection';
import { OneSettingForm, type Parsed } from './OneSettingForm';

export function parseCatalogUrl(text: string): Parsed<string | null> {
  const trimmed = text.trim();
  if (!trimmed) return { value: null };
  try {
    const url = new URL(trimmed);
    if (url.protocol === 'http:' || url.protocol === 'https:') return { value: trimmed };
  } catch {
    // Not a URL at all: the sentence below says what is expected.
  }
  return { error: 'An address starting with http:// or https://, or empty for none.' };
}

export function ExternalCatalogSettingsSection() {
  const settings = useGetExternalCatalogSettingsQuery();
  const saving = useSaveExternalCatalogSettingsMutation();
  return (
    <SettingsSection
      title="External catalog"
      description="The Data Catalog links of the menu open your external catalog at the same path; without one, the portal's own catalog answers them."
      query={settings}
      loadingLabel="Loading the external catalog link…"
      errorTitle="The external catalog link could not be loaded"
    >
      {(result) => (
        <OneSettingForm
          label="External catalog address"
          help="For example https://catalog.example.com; empty: none."
          initial={result.settings.url ?? ''}
          portalDefault={result.portalDefault.url ? `Portal default: ${result.portalDefault.url}.` : 'Portal default: none.'}
          changed={result}
          parse={parseCatalogUrl}
          mutation={saving}
          body={(url) => ({ url })}
          inputMode="url"
        />
      )}
    </SettingsSection>
  );
}
