// A member's active sessions (device, address, started, last access), each with Revoke, and
// "Sign out everywhere". Both ask first; the member's next API call is then refused.
import { useState } from 'react';
import type { Member, Session } from '@common/security/securityContract';
import { apiErrorMessage } from '../../api/apiError';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DateTimeText } from '../../components/DateTimeText';
import { formatDateTime } from '../../components/format';
import { QueryResult } from '../../components/QueryResult';
import { SimpleTable } from '../../components/SimpleTable';
import { useListSessionsQuery, useRevokeSessionMutation, useSignOutEverywhereMutation } from '../../api/securityApi';

type Pending = { kind: 'revoke'; session: Session } | { kind: 'everywhere' } | null;

export function SessionsPanel({ member, onDone }: { member: Member; onDone: (message: string) => void }) {
  const sessions = useListSessionsQuery(member.id);
  const [pending, setPending] = useState<Pending>(null);
  const [revoke, revoking] = useRevokeSessionMutation();
  const [signOut, signingOut] = useSignOutEverywhereMutation();
  const busy = revoking.isLoading || signingOut.isLoading;
  const error = pending?.kind === 'revoke' ? revoking.error : pending?.kind === 'everywhere' ? signingOut.error : undefined;

  const confirm = () => {
    if (pending?.kind === 'revoke') {
      revoke(pending.session.id)
        .unwrap()
        .then(
          () => {
            setPending(null);
            onDone(`The session of ${member.username} from ${pending.session.address ?? 'an unknown address'} was revoked.`);
          },
          () => undefined,
        );
    } else if (pending?.kind === 'everywhere') {
      signOut(member.id)
        .unwrap()
        .then(
          (result) => {
            setPending(null);
            onDone(
              `${member.username} was signed out everywhere (${result.sessionsEnded} ${result.sessionsEnded === 1 ? 'session' : 'sessions'} ended).`,
            );
          },
          () => undefined,
        );
    }
  };

  return (
    <section aria-labelledby="member-sessions-title" className="mt-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h3 id="member-sessions-title" className="h6 mb-0">
          Active sessions
        </h3>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setPending({ kind: 'everywhere' })}>
          Sign out everywhere
        </button>
      </div>
      <QueryResult query={sessions} loadingLabel="Loading the sessions…" errorTitle="The sessions could not be loaded">
        {({ sessions: list }) => (
          <SimpleTable
            caption={`Active sessions of ${member.username}`}
            rows={list}
            rowProps={(session) => ({ 'data-session-id': session.id })}
            empty={<p className="text-body-secondary">No active sessions.</p>}
            columns={[
              { header: 'Device', cellClassName: 'text-break', cell: (session) => session.device ?? 'Unknown device' },
              { header: 'Address', cell: (session) => session.address ?? '–' },
              { header: 'Started', cell: (session) => <DateTimeText iso={session.startedAt} /> },
              { header: 'Last access', cell: (session) => <DateTimeText iso={session.lastAccessAt} /> },
              {
                header: 'Actions',
                headerHidden: true,
                cellClassName: 'text-end',
                cell: (session) => (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    onClick={() => setPending({ kind: 'revoke', session })}
                    aria-label={`Revoke the session started ${formatDateTime(session.startedAt)} from ${session.address ?? 'an unknown address'}`}
                  >
                    Revoke
                  </button>
                ),
              },
            ]}
          />
        )}
      </QueryResult>
      {pending ? (
        <ConfirmDialog
          title={pending.kind === 'revoke' ? 'Revoke this session?' : `Sign ${member.username} out everywhere?`}
          confirmLabel={pending.kind === 'revoke' ? 'Revoke session' : 'Sign out everywhere'}
          busyLabel="Signing out…"
          variant="danger"
          busy={busy}
          error={error ? apiErrorMessage(error) : null}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          {pending.kind === 'revoke' ? (
            <p>{member.username} is signed out of this session at once: their next action in the portal asks them to sign in again.</p>
          ) : (
            <p>Every session of {member.username} ends now, on every device. Tokens issued before now are refused.</p>
          )}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
