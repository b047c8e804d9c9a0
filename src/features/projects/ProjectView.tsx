// One project: who owns it and works on it, its status, and the resources it groups with each
// one's health as its area records it (dashboards, catalog assets, exposures). Resources are
// added from the organisation's own and removed here.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { appPaths } from '@common/paths';
import {
  projectResourceKindLabels,
  projectStatusLabels,
  resourceHealthLabels,
  resourceHealthStatuses,
  type ProjectResourceKind,
} from '@common/projects/projectsContract';
import {
  useAddProjectResourceMutation,
  useGetProjectQuery,
  useRemoveProjectResourceMutation,
  useResourceOptionsQuery,
} from '../../api/projectsApi';
import { useMutationFeedback } from '../../api/useMutationFeedback';
import { FormField } from '../../components/FormField';
import { InlineError } from '../../components/InlineError';
import { Markdown } from '../../components/Markdown';
import { QueryResult } from '../../components/QueryResult';
import { SimpleTable } from '../../components/SimpleTable';
import { HealthBadge } from './HealthBadge';
import { ProjectFormDialog } from './ProjectFormDialog';
import { FigureTiles } from '../../components/FigureTiles';

export function ProjectView({ id, me }: { id: string; me: string }) {
  const project = useGetProjectQuery(id);
  const options = useResourceOptionsQuery();
  const [add, adding] = useAddProjectResourceMutation();
  const [remove, removing] = useRemoveProjectResourceMutation();
  const [choice, setChoice] = useState('');
  const [editing, setEditing] = useState(false);
  const { run, said, setSaid, error } = useMutationFeedback();

  const addChoice = async () => {
    const [kind, ...rest] = choice.split(':');
    if (!kind || rest.length === 0) return;
    const outcome = await run(
      () => add({ id, resource: { kind: kind as ProjectResourceKind, ref: rest.join(':') } }),
      'The resource is added.',
    );
    if (outcome.ok) setChoice('');
  };

  return (
    <>
      <p>
        <Link to={appPaths.projects}>← All projects</Link>
      </p>
      <QueryResult query={project} loadingLabel="Loading the project…" errorTitle="The project could not be loaded">
        {(data) => {
          const taken = new Set(data.resources.map((r) => `${r.kind}:${r.ref}`));
          const available = (options.currentData ?? []).filter((o) => !taken.has(`${o.kind}:${o.ref}`));
          return (
            <article aria-labelledby="project-title">
              <div className="card dw-card mb-3">
                <div className="card-body">
                  <div className="d-flex flex-wrap justify-content-between gap-2">
                    <h2 id="project-title" className="h4">
                      {data.name}
                    </h2>
                    <button type="button" className="btn btn-outline-primary btn-sm align-self-start" onClick={() => setEditing(true)}>
                      Edit project
                    </button>
                  </div>
                  <p className="small text-body-secondary">
                    {projectStatusLabels[data.status]} · owner {data.owner}
                    {data.members.length > 0 ? ` · members ${data.members.join(', ')}` : ''}
                  </p>
                  {data.description ? <Markdown text={data.description} /> : null}
                  <p className="mb-0">
                    Health: <HealthBadge health={data.health} />
                  </p>
                </div>
              </div>
              <p role="status" className="small">
                {said}
              </p>
              <section aria-labelledby="resources-title">
                <h3 id="resources-title" className="h5">
                  Resources
                </h3>
                <FigureTiles
                  label="Resources by health"
                  figures={resourceHealthStatuses
                    .filter((status) => (data.healthCounts[status] ?? 0) > 0)
                    .map((status) => ({ label: resourceHealthLabels[status], value: data.healthCounts[status] }))}
                />
                <SimpleTable
                  caption={`Resources of ${data.name} and their health`}
                  className="table align-middle"
                  rows={data.resources}
                  rowKey={(resource) => `${resource.kind}:${resource.ref}`}
                  empty={
                    <p className="text-body-secondary">
                      No resources yet: add the dashboards, catalog assets and exposures this project delivers.
                    </p>
                  }
                  columns={[
                    {
                      header: 'Resource',
                      cell: (resource) => (resource.link ? <Link to={resource.link}>{resource.name}</Link> : resource.name),
                    },
                    { header: 'Kind', cell: (resource) => projectResourceKindLabels[resource.kind] },
                    { header: 'Health', cell: (resource) => <HealthBadge health={resource.health} /> },
                    { header: 'Why', cellClassName: 'small', cell: (resource) => resource.detail },
                    {
                      header: 'Actions',
                      headerHidden: true,
                      cellClassName: 'text-end',
                      cell: (resource) => (
                        <button
                          type="button"
                          className="btn btn-outline-danger btn-sm"
                          disabled={removing.isLoading}
                          onClick={() =>
                            void run(
                              () => remove({ id, resource: { kind: resource.kind, ref: resource.ref } }),
                              `Removed ${resource.name}.`,
                            )
                          }
                        >
                          Remove<span className="visually-hidden"> {resource.name}</span>
                        </button>
                      ),
                    },
                  ]}
                />
                <form
                  className="d-flex flex-wrap gap-2 align-items-end"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void addChoice();
                  }}
                >
                  <FormField label="Add a resource" control="select" className="" value={choice} onValue={setChoice}>
                    <option value="">Choose a dashboard, asset or exposure</option>
                    {(['dashboard', 'exposure', 'catalog_asset'] as const).map((kind) => (
                      <optgroup key={kind} label={projectResourceKindLabels[kind]}>
                        {available
                          .filter((o) => o.kind === kind)
                          .map((o) => (
                            <option key={o.ref} value={`${o.kind}:${o.ref}`}>
                              {o.name}
                            </option>
                          ))}
                      </optgroup>
                    ))}
                  </FormField>
                  <button type="submit" className="btn btn-primary" disabled={!choice || adding.isLoading}>
                    Add
                  </button>
                </form>
                {error ? <InlineError>{error}</InlineError> : null}
              </section>
              {editing ? (
                <ProjectFormDialog
                  project={data}
                  me={me}
                  onCancel={() => setEditing(false)}
                  onDone={() => {
                    setEditing(false);
                    setSaid('The project is saved.');
                  }}
                />
              ) : null}
            </article>
          );
        }}
      </QueryResult>
    </>
  );
}
