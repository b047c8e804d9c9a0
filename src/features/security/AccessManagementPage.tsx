// /app/security/access-management: who holds which portal role (grant and revoke within what
// the signed-in admin may grant), the access review with its CSV export, and the audit trail
// of every change the security pages made.
import { useState } from 'react';
import type { SecurityAuditEntry } from '@common/security/securityContract';
import { csvFileName } from '../../components/csv';
import type { DataColumn } from '../../components/dataColumn';
import { DataTable } from '../../components/DataTable';
import { DateTimeText } from '../../components/DateTimeText';
import { Panel } from '../../components/Panel';
import { QueryResult } from '../../components/QueryResult';
import { AccessReviewPanel } from './AccessReviewPanel';
import { RoleHoldersPanel } from './RoleHoldersPanel';
import { useGetRolesQuery, useGetSecurityAuditQuery, useListMembersQuery } from '../../api/securityApi';
import { StatusMessage } from './StatusMessage';

const auditColumns: DataColumn<SecurityAuditEntry>[] = [
  { id: 'at', header: 'When', value: (entry) => entry.at, cell: (entry) => <DateTimeText iso={entry.at} /> },
  { id: 'actor', header: 'Who', value: (entry) => entry.actor },
  { id: 'action', header: 'What', value: (entry) => entry.action },
  { id: 'target', header: 'Target', value: (entry) => entry.target },
  {
    id: 'details',
    header: 'Details',
    value: (entry) =>
      Object.entries(entry.details)
        .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
        .join('; '),
  },
  { id: 'outcome', header: 'Outcome', value: (entry) => entry.outcome },
];

export default function AccessManagementPage() {
  const roles = useGetRolesQuery();
  const members = useListMembersQuery('');
  const audit = useGetSecurityAuditQuery();
  const [message, setMessage] = useState('');
  const both = roles.currentData && members.currentData ? { overview: roles.currentData, members: members.currentData.members } : undefined;
  return (
    <section aria-labelledby="access-title">
      <h1 id="access-title" className="h3 mb-1">
        Access management
      </h1>
      <p className="text-body-secondary">Portal roles in your organisation, an access review, and every change made here.</p>
      <StatusMessage message={message} />
      <QueryResult
        data={both}
        error={roles.error ?? members.error}
        isFetching={roles.isFetching || members.isFetching}
        refetch={() => {
          void roles.refetch();
          void members.refetch();
        }}
        loadingLabel="Loading the roles…"
        errorTitle="The roles could not be loaded"
      >
        {(data) => <RoleHoldersPanel overview={data.overview} members={data.members} onDone={setMessage} />}
      </QueryResult>
      <AccessReviewPanel />
      <Panel title="Audit trail" description="Changes to members, sessions, roles and the sign-in policy, newest first.">
        <QueryResult query={audit} loadingLabel="Loading the audit trail…" errorTitle="The audit trail could not be loaded">
          {(data) => (
            <DataTable
              caption="Audit trail"
              columns={auditColumns}
              rows={data.entries}
              exportFileName={csvFileName('security audit')}
              initialSort={{ id: 'at', desc: true }}
              emptyText="No changes yet."
            />
          )}
        </QueryResult>
      </Panel>
    </section>
  );
}
