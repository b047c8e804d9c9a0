// Catalog Settings: the organisation's dbt projects (one per upload's project name), each with
// its current build, what it holds, the other projects' models it refs (dbt Mesh) and whether
// they are here, and which projects ref it. Deleting a project removes exactly its nodes, its
// cross-project refs and its results; the other projects stay as they are.
import type { DbtProject } from '@common/dbt/artifactsContract';
import { useDeleteDbtProjectMutation, useListDbtProjectsQuery } from '../../../api/dbtApi';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DateTimeText } from '../../../components/DateTimeText';
import { formatCount } from '../../../components/format';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { SimpleTable } from '../../../components/SimpleTable';
import { useDeleteConfirm } from '../../../components/useDeleteConfirm';

const originLabels: Record<string, string> = { upload: 'Upload', directory: 'Watched directory', sample: 'Sample project' };

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

function Holds({ project }: { project: DbtProject }) {
  const { counts } = project.current;
  return (
    <>
      {plural(counts.models, 'model', 'models')}, {plural(counts.sources, 'source', 'sources')}, {plural(counts.tests, 'test', 'tests')},{' '}
      {plural(counts.exposures, 'exposure', 'exposures')}
    </>
  );
}

/** The other projects' models it refs, by project; the ones not uploaded here said in words. */
function Refs({ project }: { project: DbtProject }) {
  if (project.refs.length === 0) return <>None</>;
  const missing = project.refs.filter((ref) => !ref.resolved);
  const projects = [...new Set(project.refs.map((ref) => ref.projectName))].sort();
  return (
    <>
      {plural(project.refs.length, 'model', 'models')} of {projects.join(', ')}
      {missing.length > 0 ? (
        <span className="d-block text-warning-emphasis">
          Not uploaded here: {missing.map((ref) => `${ref.name} (${ref.projectName})`).join(', ')}
        </span>
      ) : null}
    </>
  );
}

export function DbtProjectsSection() {
  const projects = useListDbtProjectsQuery();
  const asked = useDeleteConfirm(useDeleteDbtProjectMutation(), (project: DbtProject) => project.name);
  return (
    <Panel
      title="dbt projects"
      description="Each upload belongs to a dbt project: the one its project field names, else the manifest's project name. A new upload replaces only its own project."
    >
      <QueryResult query={projects} loadingLabel="Loading the dbt projects…" errorTitle="The dbt projects could not be loaded">
        {(result) => (
          <SimpleTable
            caption="dbt projects"
            className="table table-sm mb-0"
            rows={result.projects}
            rowKey={(project) => project.name}
            empty={<p className="mb-0">No dbt project has been ingested yet.</p>}
            columns={[
              { header: 'Project', rowHeader: true, cell: (project) => project.name },
              {
                header: 'Current build',
                cell: (project) => (
                  <>
                    <DateTimeText iso={project.current.ingestedAt} /> ({originLabels[project.current.origin] ?? project.current.origin}, dbt{' '}
                    {project.current.dbtVersion})
                  </>
                ),
              },
              { header: 'Holds', cell: (project) => <Holds project={project} /> },
              { header: 'Refs', cell: (project) => <Refs project={project} /> },
              { header: 'Referenced by', cell: (project) => (project.referencedBy.length ? project.referencedBy.join(', ') : 'None') },
              {
                header: 'Actions',
                headerHidden: true,
                cell: (project) => (
                  <button
                    type="button"
                    className="btn btn-link btn-sm text-danger"
                    aria-label={`Delete the project ${project.name}`}
                    onClick={() => asked.ask(project)}
                  >
                    Delete
                  </button>
                ),
              },
            ]}
          />
        )}
      </QueryResult>
      {asked.target ? (
        <ConfirmDialog
          title={`Delete the dbt project ${asked.target.name}?`}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          {...asked.dialogProps}
        >
          <p className="mb-0">
            Its models, sources, tests, exposures and results leave the catalog.
            {asked.target.referencedBy.length > 0
              ? ` ${asked.target.referencedBy.join(', ')} ${asked.target.referencedBy.length === 1 ? 'refs' : 'ref'} its models: their lineage will say those models are not uploaded.`
              : ''}{' '}
            The next upload of the project brings it back.
          </p>
        </ConfirmDialog>
      ) : null}
    </Panel>
  );
}
