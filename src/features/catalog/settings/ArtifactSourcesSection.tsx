// Catalog Settings: how the organisation's dbt artifacts reach the portal: uploads after each dbt
// run (people, an upload token made here, or a service account's client-credentials token), the
// watched directory when the portal has one, and the last few ingestions with where they came from.
import { useGetArtifactSourcesQuery } from '../../../api/catalogAlertsApi';
import { DateTimeText } from '../../../components/DateTimeText';
import { formatBytes } from '../../../components/format';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { SimpleTable } from '../../../components/SimpleTable';
import { UploadTokens } from './UploadTokens';

const originLabels: Record<string, string> = { upload: 'Upload', directory: 'Watched directory', sample: 'Sample project' };

export function ArtifactSourcesSection() {
  const artifactSources = useGetArtifactSourcesQuery();
  return (
    <Panel
      title="Artifact sources"
      description="Where the catalog's dbt artifacts (manifest, run results, source freshness, catalog) come from."
    >
      <QueryResult
        query={artifactSources}
        loadingLabel="Loading the artifact sources…"
        errorTitle="The artifact sources could not be loaded"
      >
        {(result) => (
          <>
            <dl className="row small mb-3">
              <dt className="col-sm-3">Upload</dt>
              <dd className="col-sm-9">
                <code>POST {result.uploadPath}</code> with the parts <code>manifest</code>, <code>run_results</code>, <code>sources</code>{' '}
                and <code>catalog</code> (up to {formatBytes(result.uploadLimitBytes)} in all), with an optional field <code>project</code>{' '}
                naming the dbt project (else the manifest&apos;s project name), by an admin, a documentation editor, a job with an upload
                token (below, sent as <code>Authorization: Bearer</code>) or a service account holding the role{' '}
                <code>{result.uploaderRole}</code> (client-credentials token from the identity server).
              </dd>
              <dt className="col-sm-3">Watched directory</dt>
              <dd className="col-sm-9">
                {result.watchedFolder ? (
                  <>
                    <code>{result.watchedFolder}</code>{' '}
                    {result.watchedFolderExists
                      ? '(present: new files are ingested as they land)'
                      : '(not there yet: create it and write the artifacts into it)'}
                  </>
                ) : (
                  'None: the portal watches no directory (DBT_ARTIFACTS_DIR is not set).'
                )}
              </dd>
            </dl>
            <UploadTokens />
            <h3 className="h6">Latest ingestions</h3>
            {result.recent.length === 0 ? (
              <p className="mb-0">No artifacts yet.</p>
            ) : (
              <SimpleTable
                caption="Latest ingestions"
                className="table table-sm mb-0"
                responsive={false}
                rows={result.recent}
                columns={[
                  { header: 'Ingested', cell: (ingestion) => <DateTimeText iso={ingestion.ingestedAt} /> },
                  { header: 'From', cell: (ingestion) => originLabels[ingestion.origin] ?? ingestion.origin },
                  { header: 'dbt project', cell: (ingestion) => ingestion.projectName ?? '–' },
                ]}
              />
            )}
          </>
        )}
      </QueryResult>
    </Panel>
  );
}
