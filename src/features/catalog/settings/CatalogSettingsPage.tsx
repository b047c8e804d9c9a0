// /app/data-catalog/settings (admin and Client-Dataworks-docs): what an organisation's catalog
// admins set for the catalog. Each section saves on its own, through the API of the area it
// belongs to; a section never saved follows the portal's setting.
import { ClassificationSettingsSection } from '../governance/settings/ClassificationSettingsSection';
import { GlossarySettingsSection } from '../governance/settings/GlossarySettingsSection';
import { ArtifactSourcesSection } from './ArtifactSourcesSection';
import { ColumnLineageCoverageSection } from './ColumnLineageCoverageSection';
import { DbtProjectsSection } from './DbtProjectsSection';
import { ExternalCatalogSettingsSection } from './ExternalCatalogSettingsSection';
import { FreshnessSettingsSection } from './FreshnessSettingsSection';
import { ProfilerSettingsSection } from './ProfilerSettingsSection';
import { WebhookSettingsSection } from './WebhookSettingsSection';

export default function CatalogSettingsPage() {
  return (
    <>
      <h1 className="h3 mb-1">Catalog Settings</h1>
      <p className="text-body-secondary mb-4">
        How the catalog behaves for your organisation. Each section is saved on its own; one never saved follows the portal&apos;s setting.
      </p>
      <ArtifactSourcesSection />
      <DbtProjectsSection />
      <ColumnLineageCoverageSection />
      <FreshnessSettingsSection />
      <ProfilerSettingsSection />
      <GlossarySettingsSection />
      <ClassificationSettingsSection />
      <WebhookSettingsSection />
      <ExternalCatalogSettingsSection />
    </>
  );
}
