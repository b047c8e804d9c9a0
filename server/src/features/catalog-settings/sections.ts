// The catalog settings this area keeps, their schemas and the portal-wide defaults they fall back
// to (the settings of server/src/config.ts): an organisation that never saved a section gets the
// portal's value, and saving one overrides it for that organisation only.
import {
  externalCatalogSettings,
  freshnessSettings,
  profilerSettings,
  webhookSettings,
  type ExternalCatalogSettings,
  type FreshnessSettings,
  type ProfilerSettings,
  type WebhookSettings,
} from '@common/catalog-settings/catalogSettingsContract';
import type { StoreDb } from '../../platform/store/openStore.js';
import { readSection, type StoredSection } from './settingsStore.js';

export interface CatalogSettingsDefaults {
  webhooks: WebhookSettings;
  freshness: FreshnessSettings;
  profiler: ProfilerSettings;
  externalCatalog: ExternalCatalogSettings;
  /** DBT_ARTIFACTS_DIR, shown in the artifact sources (null: no directory is watched). */
  artifactsDir: string | null;
  uploadLimitBytes: number;
}

interface SectionValues {
  webhooks: WebhookSettings;
  freshness: FreshnessSettings;
  profiler: ProfilerSettings;
  externalCatalog: ExternalCatalogSettings;
}

const schemas = {
  webhooks: webhookSettings,
  freshness: freshnessSettings,
  profiler: profilerSettings,
  externalCatalog: externalCatalogSettings,
} as const;

export interface CatalogSettingsReader {
  section<Name extends keyof SectionValues>(organisation: string, name: Name): Promise<StoredSection<SectionValues[Name]>>;
  webhookSettings(organisation: string): Promise<WebhookSettings>;
  freshnessCheckMinutes(organisation: string): Promise<number>;
  profileSampleRows(organisation: string): Promise<number>;
  externalCatalogUrl(organisation: string): Promise<string | null>;
}

export function catalogSettingsReader(db: StoreDb, defaults: CatalogSettingsDefaults): CatalogSettingsReader {
  const section = async <Name extends keyof SectionValues>(organisation: string, name: Name) =>
    (await readSection(db, organisation, name, schemas[name], defaults[name] as never)) as StoredSection<SectionValues[Name]>;
  return {
    section,
    webhookSettings: async (organisation) => (await section(organisation, 'webhooks')).value,
    freshnessCheckMinutes: async (organisation) => (await section(organisation, 'freshness')).value.checkMinutes,
    profileSampleRows: async (organisation) => (await section(organisation, 'profiler')).value.sampleRows,
    externalCatalogUrl: async (organisation) => (await section(organisation, 'externalCatalog')).value.url,
  };
}
