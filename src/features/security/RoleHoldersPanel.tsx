// Who holds which portal role: one row per member with their roles, and Grant / Revoke for the
// roles the signed-in admin may grant (the server checks the same rule, common/access/roleGrants).
// Revoking asks first; a refusal (e.g. the last administrator) is shown in the dialog. Any role
// change signs the member out of every session (the server ends them), so they continue with the
// roles they hold now.
import { useId, useState } from 'react';
import { portalRoleLabel } from '@common/access/roleLabels';
import type { Member, RoleOverview } from '@common/security/securityContract';
import { apiErrorMessage } from '../../api/apiError';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { InlineError } from '../../components/InlineError';
import { Panel } from '../../components/Panel';
import { SimpleTable } from '../../components/SimpleTable';
import { useDeleteConfirm } from '../../components/useDeleteConfirm';
import { useSetRoleMutation } from '../../api/securityApi';

interface Row {
  memberId: string;
  username: string;
  roles: string[];
}

export function RoleHoldersPanel({
  overview,
  members,
  onDone,
}: {
  overview: RoleOverview;
  members: readonly Member[];
  onDone: (message: string) => void;
}) {
  const setRoleMutation = useSetRoleMutation();
  const [setRole, setting] = setRoleMutation;
  const revoking = useDeleteConfirm(
    setRoleMutation,
    ({ row, role }: { row: Row; role: string }) => ({ memberId: row.memberId, role, grant: false }),
    ({ row, role }) => onDone(`${role} was revoked from ${row.username}. They were signed out of every session.`),
  );
  const pending = revoking.target;
  const [choice, setChoice] = useState<Record<string, string>>({});
  const selectId = useId();
  const rows: Row[] = members.map((member) => ({
    memberId: member.id,
    username: member.username,
    roles: overview.holders.filter((holder) => holder.memberId === member.id).map((holder) => holder.role),
  }));

  const grant = (row: Row) => {
    const role = choice[row.memberId];
    if (!role) return;
    setRole({ memberId: row.memberId, role, grant: true })
      .unwrap()
      .then(
        () => onDone(`${row.username} now holds ${role}. They were signed out, and have it from their next sign-in.`),
        () => undefined,
      );
  };
  return (
    <Panel title="Portal roles" description="Grant and revoke the roles you may grant: roles at or below your own.">
      {setting.error && !pending ? <InlineError>{apiErrorMessage(setting.error)}</InlineError> : null}
      <SimpleTable
        caption="Portal roles of each member"
        rows={rows}
        rowKey={(row) => row.memberId}
        columns={[
          { header: 'Member', rowHeader: true, cell: (row) => row.username },
          {
            header: 'Roles',
            cell: (row) => (
              <ul className="list-inline mb-0">
                {row.roles.map((role) => (
                  <li key={role} className="list-inline-item mb-1">
                    <span className="badge text-bg-light border me-1" title={role}>
                      {portalRoleLabel(role)}
                    </span>
                    {overview.grantable.includes(role) && role !== 'user' ? (
                      <button
                        type="button"
                        className="btn btn-sm btn-link p-0 align-baseline"
                        onClick={() => revoking.ask({ row, role })}
                        aria-label={`Revoke ${role} from ${row.username}`}
                      >
                        Revoke
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            ),
          },
          {
            header: 'Grant a role',
            cell: (row) => {
              const offered = overview.grantable.filter((role) => !row.roles.includes(role));
              return offered.length > 0 ? (
                <div className="d-flex gap-1">
                  <label className="visually-hidden" htmlFor={`${selectId}-${row.memberId}`}>
                    Role to grant to {row.username}
                  </label>
                  <select
                    id={`${selectId}-${row.memberId}`}
                    className="form-select form-select-sm"
                    value={choice[row.memberId] ?? ''}
                    onChange={(event) => setChoice((current) => ({ ...current, [row.memberId]: event.target.value }))}
                  >
                    <option value="">Choose a role…</option>
                    {offered.map((role) => (
                      <option key={role} value={role}>
                        {portalRoleLabel(role)}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary"
                    disabled={!choice[row.memberId] || setting.isLoading}
                    onClick={() => grant(row)}
                    aria-label={`Grant the chosen role to ${row.username}`}
                  >
                    Grant
                  </button>
                </div>
              ) : (
                <span className="text-body-secondary">–</span>
              );
            },
          },
        ]}
      />
      {pending ? (
        <ConfirmDialog title={`Revoke ${pending.role}?`} confirmLabel="Revoke role" busyLabel="Revoking…" {...revoking.dialogProps}>
          <p>
            {pending.row.username} loses {pending.role} now and is signed out of every session; they sign in again with the roles they keep.
          </p>
        </ConfirmDialog>
      ) : null}
    </Panel>
  );
}
