// One query: its full text and every figure the warehouse keeps about it. Opened from any
// query table through `?query=<id>`, so the detail can be linked and Back closes it.
import Modal from 'react-bootstrap/Modal';
import type { QueryDetail } from '../../../api/warehouseTypes';
import { formatBytes, formatCredits, formatDateTime, formatDuration, formatMoney, formatPercent } from '../../../components/format';
import { QueryResult } from '../../../components/QueryResult';
import { useGetQueryDetailQuery } from '../../../api/optimizeApi';

interface QueryDetailDialogProps {
  queryId: string;
  currency: string;
  onClose: () => void;
}

function Figures({ query, currency }: { query: QueryDetail; currency: string }) {
  const figures: [string, string][] = [
    ['Status', query.errorCode ? `${query.executionStatus} (error ${query.errorCode})` : query.executionStatus],
    ['Type', query.queryType],
    ['Started', formatDateTime(query.startTime)],
    ['Ended', formatDateTime(query.endTime)],
    ['User', query.userName],
    ['Role', query.roleName ?? '–'],
    ['Warehouse', query.warehouseName ? `${query.warehouseName}${query.warehouseSize ? ` (${query.warehouseSize})` : ''}` : '–'],
    ['Database and schema', [query.databaseName, query.schemaName].filter(Boolean).join('.') || '–'],
    ['Query tag', query.queryTag ?? '–'],
    ['Total time', formatDuration(query.totalElapsedMs)],
    ['Compiling', formatDuration(query.compilationMs)],
    ['Running', formatDuration(query.executionMs)],
    ['Queued (provisioning)', formatDuration(query.queuedProvisioningMs)],
    ['Queued (warehouse busy)', formatDuration(query.queuedOverloadMs)],
    ['Bytes scanned', formatBytes(query.bytesScanned)],
    ['Partitions scanned', `${query.partitionsScanned} of ${query.partitionsTotal}`],
    ['Scanned from cache', query.percentageScannedFromCache === null ? '–' : formatPercent(query.percentageScannedFromCache)],
    ['Spilled locally', formatBytes(query.bytesSpilledLocal)],
    ['Spilled remotely', formatBytes(query.bytesSpilledRemote)],
    ['Compute credits', formatCredits(query.computeCredits)],
    ['Cloud services credits', formatCredits(query.cloudServicesCredits)],
    ['Cost', formatMoney(query.cost, currency)],
    ['Parameterised hash', query.queryParameterizedHash ?? '–'],
  ];
  return (
    <dl className="row small mb-0">
      {figures.map(([term, value]) => (
        <div key={term} className="col-sm-6 d-flex justify-content-between gap-2 border-bottom py-1">
          <dt className="fw-normal text-body-secondary">{term}</dt>
          <dd className="mb-0 text-end text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function QueryDetailDialog({ queryId, currency, onClose }: QueryDetailDialogProps) {
  const queryDetail = useGetQueryDetailQuery(queryId);
  return (
    <Modal show onHide={onClose} size="xl" scrollable aria-labelledby="query-detail-title">
      <Modal.Header closeButton>
        <Modal.Title id="query-detail-title" as="h2" className="h5 text-break">
          Query {queryId}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <QueryResult query={queryDetail} loadingLabel="Loading the query…" errorTitle="The query could not be loaded">
          {(query) => (
            <>
              <h3 className="h6">Text</h3>
              <pre className="dw-query-text" tabIndex={0} aria-label="Query text">
                {query.queryText}
              </pre>
              <h3 className="h6 mt-3">Figures</h3>
              <Figures query={query} currency={currency} />
            </>
          )}
        </QueryResult>
      </Modal.Body>
    </Modal>
  );
}
