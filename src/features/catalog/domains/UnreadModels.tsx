// Models nobody read in the last 30 days — no query named their table but their own builds —
// with what they cost to build: the first candidates to stop building.
import { Link } from 'react-router-dom';
import { catalogAssetPath } from '@common/paths';
import { useGetUnreadModelsQuery } from '../../../api/catalogDomainsApi';
import { formatCount, formatMoney } from '../../../components/format';
import { QueryResult } from '../../../components/QueryResult';

export function UnreadModels() {
  const { currentData, error, isFetching, refetch } = useGetUnreadModelsQuery();
  return (
    <section className="card dw-card mb-4" aria-labelledby="unread-models">
      <div className="card-body">
        <h2 id="unread-models" className="h5 mb-1">
          Models nobody read in 30 days
        </h2>
        <p className="small text-body-secondary">
          No query named their table in the last 30 days except their own builds (a downstream model’s build counts as a read). Most
          expensive first.
        </p>
        <QueryResult
          data={currentData}
          error={error}
          isFetching={isFetching}
          refetch={refetch}
          loadingLabel="Loading the unread models…"
          errorTitle="The unread models could not be loaded"
        >
          {(answer) =>
            answer.models.length === 0 ? (
              <p className="mb-0">Every model was read in the last 30 days.</p>
            ) : (
              <div className="table-responsive">
                <table className="table table-sm align-middle">
                  <caption className="small">{`${formatCount(answer.models.length)} models, ${formatMoney(answer.totalCost, answer.window.currency)} to build over ${answer.window.from} – ${answer.window.to}`}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Model</th>
                      <th scope="col">Domain</th>
                      <th scope="col" className="text-end">
                        Builds
                      </th>
                      <th scope="col" className="text-end">
                        Build cost
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {answer.models.map((model) => (
                      <tr key={model.uniqueId}>
                        <th scope="row">
                          <Link to={catalogAssetPath(model.uniqueId)}>{model.name}</Link>
                        </th>
                        <td>{model.domain ?? '–'}</td>
                        <td className="text-end">{formatCount(model.builds)}</td>
                        <td className="text-end">{formatMoney(model.cost, answer.window.currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </QueryResult>
      </div>
    </section>
  );
}
