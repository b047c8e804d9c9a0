// One query: its full text and every figure the warehouse keeps about it. Opened from any
// query table through `?query=<id>`, so the detail can be linked and Back closes it.
import type { ReactNode } from 'react';
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

/**
 * Why a query costs what it does, in one line (attribution.ts on the server): each hour's
 * metered credits of a warehouse are split over the queries that ran in it by running time,
 * idle time included, plus the query's share of billable cloud services. A short query alone
 * in a quiet hour therefore carries most of that hour, idle minutes and all.
 */
export function costReason(query: Pick<QueryDetail, 'warehouseName' | 'warehouseSize'>): string {
  if (!query.warehouseName) return 'Why: it ran without a warehouse, so it costs only its share of cloud services.';
  const size = query.warehouseSize ? ` (${query.warehouseSize})` : '';
  return `Why: each hour's metered credits of ${query.warehouseName}${size} are split over the queries that ran in it by running time, idle time included, so a short query in a quiet hour carries most of that hour.`;
}

function Figures({ query, currency }: { query: QueryDetail; currency: string }) {
  const figures: [string, ReactNode][] = [
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
    [
      'Cost',
      <>
        {formatMoney(query.cost, currency)}
        <span className="d-block text-body-secondary text-start">{costReason(query)}</span>
      </>,
    ],
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
