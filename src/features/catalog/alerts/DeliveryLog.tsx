// The delivery log: every alert sent or being sent, newest first, with where it went, how many
// tries it took and the last error. While deliveries are pending it refreshes itself every few
// seconds; older entries page in below.
import { useState } from 'react';
import { deliveryStatuses, type AlertDeliveryRecord, type DeliveryStatus } from '@common/catalog-alerts/alertsContract';
import { destinationKindLabels } from '@common/catalog-alerts/alertRules';
import { signalKindLabels } from '@common/signals/signalTypes';
import { useListAlertDeliveriesQuery } from '../../../api/catalogAlertsApi';
import { DateTimeText } from '../../../components/DateTimeText';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';

const PAGE = 50;
const statusLabels: Record<DeliveryStatus, string> = { pending: 'Pending', sent: 'Sent', failed: 'Failed' };
const statusBadge: Record<DeliveryStatus, string> = { pending: 'text-bg-secondary', sent: 'text-bg-success', failed: 'text-bg-danger' };

function Rows({ deliveries }: { deliveries: AlertDeliveryRecord[] }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle">
        <caption className="visually-hidden">Alert deliveries, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Alert</th>
            <th scope="col">Rule</th>
            <th scope="col">Sent to</th>
            <th scope="col">Status</th>
            <th scope="col" className="text-end">
              Tries
            </th>
            <th scope="col">Created</th>
            <th scope="col">Last error</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr key={delivery.id}>
              <th scope="row" className="text-break fw-normal">
                {delivery.isTest ? <span className="badge text-bg-info me-1">Test</span> : null}
                {delivery.title}
                <div className="small text-body-secondary">{signalKindLabels[delivery.signalKind]}</div>
              </th>
              <td className="text-break">{delivery.ruleId ? delivery.ruleName : `${delivery.ruleName} (deleted)`}</td>
              <td className="text-break">
                {destinationKindLabels[delivery.destinationKind]}
                <div className="small text-body-secondary">{delivery.target}</div>
              </td>
              <td>
                <span className={`badge ${statusBadge[delivery.status]}`}>{statusLabels[delivery.status]}</span>
                {delivery.responseStatus !== null ? (
                  <div className="small text-body-secondary">{`Answered ${delivery.responseStatus}`}</div>
                ) : null}
              </td>
              <td className="text-end">{delivery.attempts}</td>
              <td className="text-nowrap">
                <DateTimeText iso={delivery.createdAt} />
              </td>
              <td className="text-break small">{delivery.lastError ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Page({
  status,
  before,
  last,
  onOlder,
}: {
  status: string;
  before: string | null;
  last: boolean;
  onOlder: (before: string) => void;
}) {
  const query = new URLSearchParams({ limit: String(PAGE) });
  if (status) query.set('status', status);
  if (before) query.set('before', before);
  const { currentData, error, isFetching, refetch } = useListAlertDeliveriesQuery(query.toString(), {
    // Follow pending deliveries (retries take seconds to minutes) on the first page only.
    pollingInterval: before === null ? 5_000 : 0,
    skipPollingIfUnfocused: true,
  });
  return (
    <QueryResult
      data={currentData}
      error={error}
      isFetching={isFetching}
      refetch={refetch}
      loadingLabel="Loading the delivery log…"
      errorTitle="The delivery log could not be loaded"
    >
      {(result) => (
        <>
          {result.deliveries.length > 0 ? (
            <Rows deliveries={result.deliveries} />
          ) : before === null ? (
            <p>No alert has been sent yet.</p>
          ) : null}
          {last && result.nextBefore ? (
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => onOlder(result.nextBefore ?? '')}>
              Show older deliveries
            </button>
          ) : null}
        </>
      )}
    </QueryResult>
  );
}

export function DeliveryLog() {
  const [status, setStatus] = useState('');
  const [pages, setPages] = useState<(string | null)[]>([null]);
  return (
    <Panel
      title="Delivery log"
      description="Every alert sent, newest first. A delivery that fails is tried up to three more times, waiting longer each time; an address the settings forbid fails at once."
    >
      <div className="mb-2" style={{ maxWidth: '14rem' }}>
        <label htmlFor="delivery-status" className="form-label small mb-1">
          Status
        </label>
        <select
          id="delivery-status"
          className="form-select form-select-sm"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value);
            setPages([null]);
          }}
        >
          <option value="">Any</option>
          {deliveryStatuses.map((value) => (
            <option key={value} value={value}>
              {statusLabels[value]}
            </option>
          ))}
        </select>
      </div>
      {pages.map((before, index) => (
        <Page
          key={before ?? 'first'}
          status={status}
          before={before}
          last={index === pages.length - 1}
          onOlder={(next) => setPages((current) => [...current, next])}
        />
      ))}
    </Panel>
  );
}
