// /app/security/identity-management: the organisation's members (search, invite), and for the
// one chosen (`?member=` in the address) their details, actions and sessions.
import { useState } from 'react';
import { PlusLg } from 'react-bootstrap-icons';
import { useSearchParams } from 'react-router-dom';
import { grantableRoles } from '@common/access/roleGrants';
import type { InvitationResult, Member } from '@common/security/securityContract';
import { selectRealmRoles } from '../../auth';
import { csvFileName } from '../../components/csv';
import { controlColumn, type DataColumn } from '../../components/dataColumn';
import { DataTable } from '../../components/DataTable';
import { QueryResult } from '../../components/QueryResult';
import { useAppSelector } from '../../state/hooks';
import { InviteDialog } from './InviteDialog';
import { InvitationLink } from './InvitationLink';
import { MemberDetails } from './MemberDetails';
import { MemberSearch } from './MemberSearch';
import { useListGroupsQuery, useListMembersQuery } from '../../api/securityApi';
import { StatusMessage } from './StatusMessage';

export default function IdentityManagementPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const selected = params.get('member');
  const members = useListMembersQuery(search);
  const groups = useListGroupsQuery();
  const roles = useAppSelector(selectRealmRoles);
  const [inviting, setInviting] = useState(false);
  const [invited, setInvited] = useState<InvitationResult | null>(null);
  const [message, setMessage] = useState('');

  const open = (member: Member) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('member', member.id);
      return next;
    });

  const columns: DataColumn<Member>[] = [
    { id: 'username', header: 'Username', value: (m) => m.username, rowHeader: true },
    { id: 'name', header: 'Name', value: (m) => [m.firstName, m.lastName].filter(Boolean).join(' ') },
    { id: 'email', header: 'E-mail', value: (m) => m.email },
    { id: 'status', header: 'Status', value: (m) => (m.enabled ? 'Enabled' : 'Disabled') },
    { id: 'mfa', header: 'One-time codes', value: (m) => (m.mfaConfigured ? 'Set up' : 'Not set up') },
    { id: 'groups', header: 'Groups', value: (m) => m.groups.join(', ') },
    controlColumn('actions', 'Actions', (m) => (
      <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => open(m)} aria-label={`Manage ${m.username}`}>
        Manage
      </button>
    )),
  ];

  const chosen = selected ? members.currentData?.members.find((member) => member.id === selected) : undefined;
  return (
    <section aria-labelledby="identity-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <div>
          <h1 id="identity-title" className="h3 mb-1">
            Identity management
          </h1>
          <p className="text-body-secondary mb-0">Your organisation&apos;s members, how they sign in, and where they are signed in.</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setInviting(true)}>
          <PlusLg aria-hidden /> Invite member
        </button>
      </div>
      <StatusMessage message={message} />
      {invited ? <InvitationLink result={invited} onClose={() => setInvited(null)} /> : null}
      <MemberSearch key={search} />
      <QueryResult query={members} loadingLabel="Loading the members…" errorTitle="The members could not be loaded">
        {(page) => (
          <DataTable
            caption={search ? `Members matching “${search}”` : 'Members'}
            showCaption
            columns={columns}
            rows={page.members}
            exportFileName={csvFileName('members')}
            initialSort={{ id: 'username', desc: false }}
            emptyText={search ? 'No member matches this search.' : 'No members yet.'}
          />
        )}
      </QueryResult>
      {chosen ? <MemberDetails key={chosen.id} member={chosen} groups={groups.currentData ?? []} onDone={setMessage} /> : null}
      {inviting ? (
        <InviteDialog
          grantable={grantableRoles(roles)}
          onClose={() => setInviting(false)}
          onInvited={(result) => {
            setInviting(false);
            setInvited(result);
            setMessage(`${result.member.username} was invited.`);
          }}
        />
      ) : null}
    </section>
  );
}
