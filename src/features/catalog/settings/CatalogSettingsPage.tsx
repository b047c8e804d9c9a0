// /app/data-catalog/settings (admin and Client-Dataworks-docs): what an organisation's catalog
// admins set for the catalog. Each section saves on its own, through the API of the area it
// belongs to.
import { WebhookSettingsSection } from './WebhookSettingsSection';

export default function CatalogSettingsPage() {
  return (
    <>
      <h1 className="h3 mb-1">Catalog Settings</h1>
      <p className="text-body-secondary mb-4">How the catalog behaves for your organisation. Each section is saved on its own.</p>
      <WebhookSettingsSection />
    </>
  );
}
