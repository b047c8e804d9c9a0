// /app/projects: the organisation's data projects with their status and health (the worst of
// their resources'). `?project=<id>` opens one project with its resources.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { projectPath } from '@common/paths';
import { projectStatusLabels } from '@common/projects/projectsContract';
import { useListProjectsQuery } from '../../api/projectsApi';
import { selectSession } from '../../auth';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { QueryResult } from '../../components/QueryResult';
import { SimpleTable } from '../../components/SimpleTable';
import { useAppSelector } from '../../state/hooks';
import { HealthBadge } from './HealthBadge';
import { ProjectFormDialog } from './ProjectFormDialog';
import { ProjectView } from './ProjectView';

export default function ProjectsPage() {
  const [params, setParams] = useSearchParams();
  const projectId = params.get('project');
  const me = useAppSelector(selectSession)?.tokenParsed.preferred_username ?? '';
  const [creating, setCreating] = useState(false);
  const list = useListProjectsQuery(undefined, { skip: projectId !== null });

  return (
    <>
      <PageHeader title="Projects" action={projectId === null ? { label: 'New project', onClick: () => setCreating(true) } : null} />
      {projectId !== null ? (
        <ProjectView key={projectId} id={projectId} me={me} />
      ) : (
        <QueryResult query={list} loadingLabel="Loading projects…" errorTitle="The projects could not be loaded">
          {(projects) =>
            projects.length === 0 ? (
              <EmptyState title="No projects yet">
                <p className="text-body-secondary mb-0">
                  A project groups the dashboards, catalog assets and exposures of one piece of data work, and shows their health together.
                </p>
              </EmptyState>
            ) : (
              <SimpleTable
                caption="Projects"
                className="table align-middle mb-0"
                card
                rows={projects}
                columns={[
                  { header: 'Project', cell: (project) => <Link to={projectPath(project.id)}>{project.name}</Link> },
                  { header: 'Status', cell: (project) => projectStatusLabels[project.status] },
                  { header: 'Owner', cell: (project) => project.owner },
                  { header: 'Resources', className: 'text-end', cell: (project) => project.resourceCount },
                  { header: 'Health', cell: (project) => <HealthBadge health={project.health} /> },
                ]}
              />
            )
          }
        </QueryResult>
      )}
      {creating ? (
        <ProjectFormDialog
          me={me}
          onCancel={() => setCreating(false)}
          onDone={(project) => {
            setCreating(false);
            setParams({ project: project.id });
          }}
        />
      ) : null}
    </>
  );
}
