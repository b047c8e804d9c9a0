import { StatusPage } from './StatusPage';

/** Shown instead of the app when /config.json is missing or invalid: never a blank page. */
export function ConfigErrorPage({ message }: { message: string }) {
  return (
    <StatusPage title="Dataworks is not configured correctly" code="Configuration">
      <p>The portal could not start because its configuration is invalid:</p>
      <p>
        <code>{message}</code>
      </p>
      <p className="text-body-secondary">An administrator needs to correct config.json and reload.</p>
    </StatusPage>
  );
}
