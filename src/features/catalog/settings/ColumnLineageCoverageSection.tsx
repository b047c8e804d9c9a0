// Catalog Settings, beside the artifact sources: how much of each dbt project has column
// lineage (the share of model columns traced to their upstream columns), how many models were
// parsed or are waiting, and the models whose SQL could not be parsed with the parser's reason,
// each linking to its asset page, where the same reason shows.
import { Link } from 'react-router-dom';
import type { ProjectCoverage } from '@common/column-lineage/columnLineageContract';
import { useGetColumnLineageCoverageQuery } from '../../../api/columnLineageApi';
import { DateTimeText } from '../../../components/DateTimeText';
import { formatCount, formatPercent } from '../../../components/format';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { SimpleTable } from '../../../components/SimpleTable';
import { nodePagePath } from '../nodePagePath';

function ProjectCoverageView({ project }: { project: ProjectCoverage }) {
  return (
    <div className="mb-3">
      <h3 className="h6 mb-1">{project.projectName}</h3>
      <ul className="list-unstyled small mb-2">
        <li>
          Column lineage: <strong>{formatPercent(project.share)}</strong> of model columns ({formatCount(project.columnsResolved)} of{' '}
          {formatCount(project.columns)})
        </li>
        <li>
          Models parsed: {formatCount(project.modelsParsed)} of {formatCount(project.models)}
          {project.modelsPending > 0 ? `, ${formatCount(project.modelsPending)} waiting to be parsed` : ', none waiting'}
        </li>
        <li>
          Computed: <DateTimeText iso={project.computedAt} empty="not yet" />
        </li>
      </ul>
      <SimpleTable
        caption={`Models of ${project.projectName} whose SQL could not be parsed`}
        captionClassName="small text-start text-body-secondary p-0"
        className="table table-sm caption-top mb-0"
        rows={project.failures}
        rowKey={(failure) => failure.uniqueId}
        empty={<p className="small mb-0">Every model with compiled SQL could be parsed.</p>}
        columns={[
          { header: 'Model', rowHeader: true, cell: (failure) => <Link to={nodePagePath(failure.uniqueId)}>{failure.name}</Link> },
          { header: 'Why not', cell: (failure) => <code className="text-break">{failure.reason}</code> },
        ]}
      />
    </div>
  );
}

export function ColumnLineageCoverageSection() {
  const coverage = useGetColumnLineageCoverageQuery();
  return (
    <Panel
      title="Column lineage"
      description="Computed by the portal from the compiled SQL in each ingested manifest: which upstream columns each model column comes from."
    >
      <QueryResult
        query={coverage}
        loadingLabel="Loading the column lineage coverage…"
        errorTitle="The column lineage coverage could not be loaded"
      >
        {({ projects }) =>
          projects.length === 0 ? (
            <p className="mb-0">No dbt project has been ingested yet, so there is no column lineage.</p>
          ) : (
            projects.map((project) => <ProjectCoverageView key={project.projectName} project={project} />)
          )
        }
      </QueryResult>
    </Panel>
  );
}
