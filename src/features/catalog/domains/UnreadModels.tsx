// Models nobody read in the last 30 days — no query named their table but their own builds —
// with what they cost to build: the first candidates to stop building.
import { Link } from 'react-router-dom';
import { catalogAssetPath } from '@common/paths';
import { useGetUnreadModelsQuery } from '../../../api/catalogDomainsApi';
import { formatCount, formatMoney } from '../../../components/format';
import { QueryResult } from '../../../components/QueryResult';
import { SimpleTable } from '../../../components/SimpleTable';

export function UnreadModels() {
  const unreadModels = useGetUnreadModelsQuery();
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
        <QueryResult query={unreadModels} loadingLabel="Loading the unread models…" errorTitle="The unread models could not be loaded">
          {(answer) =>
            answer.models.length === 0 ? (
              <p className="mb-0">Every model was read in the last 30 days.</p>
            ) : (
              <SimpleTable
                caption={`${formatCount(answer.models.length)} models, ${formatMoney(answer.totalCost, answer.window.currency)} to build over ${answer.window.from} – ${answer.window.to}`}
                captionClassName="small"
                rows={answer.models}
                rowKey={(model) => model.uniqueId}
                columns={[
                  { header: 'Model', rowHeader: true, cell: (model) => <Link to={catalogAssetPath(model.uniqueId)}>{model.name}</Link> },
                  { header: 'Domain', cell: (model) => model.domain ?? '–' },
                  { header: 'Builds', className: 'text-end', cell: (model) => formatCount(model.builds) },
                  { header: 'Build cost', className: 'text-end', cell: (model) => formatMoney(model.cost, answer.window.currency) },
                ]}
              />
            )
          }
        </QueryResult>
      </div>
    </section>
  );
}
