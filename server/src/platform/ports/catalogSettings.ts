// Each organisation's catalog settings as other areas read them (the catalog-settings area
// provides it): how often freshness is checked, how many rows a profile samples, where alert
// webhooks may go. A change is told to subscribers, so the area that schedules freshness checks
// reschedules without the settings area knowing it.
import type { WebhookSettings } from '@common/catalog-settings/catalogSettingsContract';
import { definePort } from './portRegistry.js';

export type CatalogSettingsSection = 'webhooks' | 'freshness' | 'profiler' | 'externalCatalog';

export interface CatalogSettings {
  freshnessCheckMinutes(organisation: string): Promise<number>;
  profileSampleRows(organisation: string): Promise<number>;
  webhookSettings(organisation: string): Promise<WebhookSettings>;
  /** Calls `listener` after an organisation's section changed; returns the unsubscribe. */
  onChange(listener: (organisation: string, section: CatalogSettingsSection) => Promise<void>): () => void;
}

export const catalogSettingsPort = definePort<CatalogSettings>('catalog settings');
