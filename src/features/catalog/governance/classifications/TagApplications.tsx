// Where one tag applies: assets and columns, whether a person, an accepted suggestion or dbt's
// tags and meta put it there; people's applications can be removed by editors (dbt's are
// changed in the dbt project).
import { Link } from 'react-router-dom';
import type { ClassificationRecord } from '@common/catalog-governance/classificationsContract';
import { apiErrorMessage } from '../../../../api/apiError';
import { useListApplicationsQuery, useRemoveTagMutation } from '../../../../api/catalogGovernanceApi';
import { InlineError } from '../../../../components/InlineError';
import { Panel } from '../../../../components/Panel';
import { QueryResult } from '../../../../components/QueryResult';
import { nodePagePath } from '../../nodePagePath';

const sourceLabels = { manual: 'Applied by a person', suggestion: 'Accepted suggestion', dbt: 'From dbt tags or meta' } as const;

export function TagApplications({ category, tagId, editor }: { category: ClassificationRecord; tagId: string; editor: boolean }) {
  const tag = category.tags.find((candidate) => candidate.id === tagId);
  const applicationsQuery = useListApplicationsQuery(new URLSearchParams({ tagId }).toString());
  const [remove, removing] = useRemoveTagMutation();
  if (!tag) return null;
  const name = `${category.name}.${tag.name}`;
  return (
    <Panel title={`Where ${name} applies`} description={tag.description || undefined}>
      {removing.error ? <InlineError>{apiErrorMessage(removing.error)}</InlineError> : null}
      <QueryResult
        query={applicationsQuery}
        loadingLabel="Loading where the tag applies…"
        errorTitle="The applications could not be loaded"
      >
        {({ applications, total }) =>
          applications.length === 0 ? (
            <p className="mb-0">{`${name} is not applied anywhere yet.`}</p>
          ) : (
            <>
              {total > applications.length ? (
                <p className="small text-body-secondary">{`The first ${applications.length} of ${total}.`}</p>
              ) : null}
              <ul className="list-unstyled mb-0">
                {applications.map((application) => {
                  const target = application.columnName ? `${application.nodeName}.${application.columnName}` : application.nodeName;
                  return (
                    <li
                      key={`${application.nodeId}/${application.columnName ?? ''}/${application.source}`}
                      className="d-flex flex-wrap gap-2 align-items-center mb-1"
                    >
                      <Link to={nodePagePath(application.nodeId)}>{target}</Link>
                      <span className="small text-body-secondary">{`${sourceLabels[application.source]}${application.appliedBy ? ` (${application.appliedBy})` : ''}`}</span>
                      {editor && application.source !== 'dbt' ? (
                        <button
                          type="button"
                          className="btn btn-link btn-sm p-0"
                          disabled={removing.isLoading}
                          onClick={() => void remove({ tagId, nodeId: application.nodeId, columnName: application.columnName })}
                        >
                          {`Remove ${name} from ${target}`}
                        </button>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </>
          )
        }
      </QueryResult>
    </Panel>
  );
}
