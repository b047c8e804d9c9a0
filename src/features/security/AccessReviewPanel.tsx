// The access review: per member their roles (powerful ones marked), one-time codes, last
// sign-in and whether they are dormant; exported as CSV by the table.
import { useState } from 'react';
import { SECURITY_LIMITS } from '@common/security/securityRules';
import type { AccessReviewRow } from '@common/security/securityContract';
import { csvFileName } from '../../components/csv';
import type { DataColumn } from '../../components/dataColumn';
import { DataTable } from '../../components/DataTable';
import { DateTimeText } from '../../components/DateTimeText';
import { InlineSelect } from '../../components/InlineSelect';
import { Panel } from '../../components/Panel';
import { QueryResult } from '../../components/QueryResult';
import { useGetAccessReviewQuery } from '../../api/securityApi';

const DORMANT_CHOICES = [30, 60, SECURITY_LIMITS.dormantDaysDefault, 180, 365];

const columns: DataColumn<AccessReviewRow>[] = [
  { id: 'username', header: 'Member', value: (row) => row.username, rowHeader: true },
  { id: 'name', header: 'Name', value: (row) => row.name },
  { id: 'status', header: 'Status', value: (row) => (row.enabled ? 'Enabled' : 'Disabled') },
  { id: 'powerful', header: 'Powerful roles', value: (row) => row.powerfulRoles.join(', ') },
  { id: 'roles', header: 'All roles', value: (row) => row.roles.join(', '), exportOnly: true },
  { id: 'mfa', header: 'One-time codes', value: (row) => (row.mfaConfigured ? 'Set up' : 'Not set up') },
  {
    id: 'lastSignIn',
    header: 'Last sign-in',
    value: (row) => row.lastSignInAt,
    cell: (row) => <DateTimeText iso={row.lastSignInAt} empty="Never" />,
  },
  { id: 'dormant', header: 'Dormant', value: (row) => (row.dormant ? 'Yes' : 'No') },
];

export function AccessReviewPanel() {
  const [days, setDays] = useState<number>(SECURITY_LIMITS.dormantDaysDefault);
  const review = useGetAccessReviewQuery(days);
  return (
    <Panel
      title="Access review"
      description="Last sign-in of each member, dormant accounts and powerful roles."
      actions={
        <InlineSelect
          label="Dormant after"
          labelClassName="small text-nowrap"
          selectClassName="form-select form-select-sm"
          value={String(days)}
          onValue={(value) => setDays(Number(value))}
          options={DORMANT_CHOICES.map(String)}
          optionLabel={(choice) => `${choice} days`}
        />
      }
    >
      <QueryResult query={review} loadingLabel="Loading the access review…" errorTitle="The access review could not be loaded">
        {(data) => (
          <DataTable
            caption={`Access review (dormant after ${data.dormantDays} days)`}
            columns={columns}
            rows={data.rows}
            rowKey={(row) => row.memberId}
            exportFileName={csvFileName('access review', data.generatedAt.slice(0, 10))}
            initialSort={{ id: 'username', desc: false }}
          />
        )}
      </QueryResult>
    </Panel>
  );
}
