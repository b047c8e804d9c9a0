// The frame of every page read from the organisation's dbt artifacts: the heading, the
// artifacts in use ("as of"), and the states before there is anything to show — loading, the
// artifacts could not be read, and none uploaded yet.
import type { ComponentType, ReactNode } from 'react';
import type { IngestionRecord } from '@common/dbt/artifactsContract';
import { useGetIngestionsQuery } from '../api/dbtApi';
import { useCatalogUpdates } from '../api/useCatalogUpdates';
import { DateTimeText } from './DateTimeText';
import { NoDbtArtifacts } from './NoDbtArtifacts';
import { QueryResult } from './QueryResult';

interface DbtPageProps {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  /** Above the title: the way back to a list. */
  back?: ReactNode;
  /** Beside the title: the page's main action. */
  action?: ReactNode;
  children: (current: IngestionRecord) => ReactNode;
}

export function IngestionNote({ ingestion, projects = [ingestion] }: { ingestion: IngestionRecord; projects?: IngestionRecord[] }) {
  if (projects.length <= 1)
    return (
      <p className="small text-body-secondary mb-3">
        From the dbt project <strong>{ingestion.projectName}</strong> (dbt {ingestion.dbtVersion}), built{' '}
        <DateTimeText iso={ingestion.generatedAt ?? ingestion.ingestedAt} />.
      </p>
    );
  // Each project has its own latest build: all of them, by name.
  return (
    <p className="small text-body-secondary mb-3">
      From {projects.length} dbt projects:{' '}
      {projects.map((project, position) => (
        <span key={project.id}>
          {position > 0 ? '; ' : null}
          <strong>{project.projectName}</strong> (dbt {project.dbtVersion}), built{' '}
          <DateTimeText iso={project.generatedAt ?? project.ingestedAt} />
        </span>
      ))}
      .
    </p>
  );
}

export function DbtPage({ id, title, intro, back, action, children }: DbtPageProps) {
  const ingestions = useGetIngestionsQuery();
  useCatalogUpdates();
  const content = (
    <QueryResult query={ingestions} retryInPlace loadingLabel="Loading the dbt project…" errorTitle="The dbt project could not be loaded">
      {({ current, projects }) =>
        current ? (
          <>
            <IngestionNote ingestion={current} projects={projects} />
            {children(current)}
          </>
        ) : (
          <NoDbtArtifacts />
        )
      }
    </QueryResult>
  );
  return (
    <section aria-labelledby={id}>
      {back}
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <div>
          <h1 id={id} className="h3 mb-1">
            {title}
          </h1>
          {intro ? <p className="text-body-secondary mb-0">{intro}</p> : null}
        </div>
        {action}
      </div>
      {content}
    </section>
  );
}

/**
 * The page of a route whose body needs only the frame (no back link, no action, not the
 * artifacts in use): the frame's words once, and the body.
 */
export function dbtPageOf(frame: Omit<DbtPageProps, 'children'>, Body: ComponentType) {
  return function FramedDbtPage() {
    return <DbtPage {...frame}>{() => <Body />}</DbtPage>;
  };
}
