// The delivery log: every alert sent or being sent, newest first, with where it went, how many
// tries it took and the last error. While deliveries are pending it refreshes itself every few
// seconds; older entries page in below.
import { useState } from 'react';
import { deliveryStatuses, type AlertDeliveryRecord, type DeliveryStatus } from '@common/catalog-alerts/alertsContract';
import { destinationKindLabels } from '@common/catalog-alerts/alertRules';
import { signalKindLabels } from '@common/signals/signalTypes';
import { useListAlertDeliveriesQuery } from '../../../api/catalogAlertsApi';
import { FilterSelect } from '../../../components/FilterSelect';
import { DateTimeText } from '../../../components/DateTimeText';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { SimpleTable } from '../../../components/SimpleTable';

const PAGE = 50;
const statusLabels: Record<DeliveryStatus, string> = { pending: 'Pending', sent: 'Sent', failed: 'Failed' };
const statusBadge: Record<DeliveryStatus, string> = { pending: 'text-bg-secondary', sent: 'text-bg-success', failed: 'text-bg-danger' };

function Rows({ deliveries }: { deliveries: AlertDeliveryRecord[] }) {
  return (
    <SimpleTable
      caption="Alert deliveries, newest first"
      rows={deliveries}
      columns={[
        {
          header: 'Alert',
          rowHeader: true,
          cellClassName: 'text-break fw-normal',
          cell: (delivery) => (
            <>
              {delivery.isTest ? <span className="badge text-bg-info me-1">Test</span> : null}
              {delivery.title}
              <div className="small text-body-secondary">{signalKindLabels[delivery.signalKind]}</div>
            </>
          ),
        },
        {
          header: 'Rule',
          cellClassName: 'text-break',
          cell: (delivery) => (delivery.ruleId ? delivery.ruleName : `${delivery.ruleName} (deleted)`),
        },
        {
          header: 'Sent to',
          cellClassName: 'text-break',
          cell: (delivery) => (
            <>
              {destinationKindLabels[delivery.destinationKind]}
              <div className="small text-body-secondary">{delivery.target}</div>
            </>
          ),
        },
        {
          header: 'Status',
          cell: (delivery) => (
            <>
              <span className={`badge ${statusBadge[delivery.status]}`}>{statusLabels[delivery.status]}</span>
              {delivery.responseStatus !== null ? (
                <div className="small text-body-secondary">{`Answered ${delivery.responseStatus}`}</div>
              ) : null}
            </>
          ),
        },
        { header: 'Tries', className: 'text-end', cell: (delivery) => delivery.attempts },
        { header: 'Created', cellClassName: 'text-nowrap', cell: (delivery) => <DateTimeText iso={delivery.createdAt} /> },
        { header: 'Last error', cellClassName: 'text-break small', cell: (delivery) => delivery.lastError ?? '–' },
      ]}
    />
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
  const alertDeliveries = useListAlertDeliveriesQuery(query.toString(), {
    // Follow pending deliveries (retries take seconds to minutes) on the first page only.
    pollingInterval: before === null ? 5_000 : 0,
    skipPollingIfUnfocused: true,
  });
  return (
    <QueryResult query={alertDeliveries} loadingLabel="Loading the delivery log…" errorTitle="The delivery log could not be loaded">
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
      <FilterSelect
        id="delivery-status"
        label="Status"
        compact
        className="mb-2"
        style={{ maxWidth: '14rem' }}
        value={status}
        onValue={(value) => {
          setStatus(value);
          setPages([null]);
        }}
        anyLabel="Any"
        values={deliveryStatuses}
        labels={statusLabels}
      />
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
