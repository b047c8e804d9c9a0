// The empty state of every page read from dbt artifacts: what is missing and how to send it.
import { EmptyState } from './EmptyState';

export function NoDbtArtifacts() {
  return (
    <EmptyState title="No dbt artifacts yet">
      <p className="text-body-secondary">
        Your organisation has not sent the portal its dbt project yet. After <code>dbt build</code>, upload the files dbt wrote to{' '}
        <code>target/</code>:
      </p>
      <pre className="text-start d-inline-block bg-body-tertiary p-3 rounded small mb-2">
        <code>
          {`curl -X POST "$PORTAL_URL/api/dbt/artifacts" \\
  -H "Authorization: Bearer $TOKEN" \\
  -F manifest=@target/manifest.json \\
  -F run_results=@target/run_results.json \\
  -F sources=@target/sources.json \\
  -F catalog=@target/catalog.json`}
        </code>
      </pre>
      <p className="text-body-secondary small mb-0">
        The token is a service account&apos;s (client credentials) or a signed-in admin&apos;s. Only <code>manifest</code> is required; dbt
        schema versions v9 to v12 (dbt 1.5 and later) are read.
      </p>
    </EmptyState>
  );
}
