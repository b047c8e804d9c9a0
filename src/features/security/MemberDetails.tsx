// One member of the organisation: status, one-time codes, required actions and groups, the
// actions an admin takes on them (each asked first when it cannot be undone silently), and
// their sessions. Refusals (a role above yours, the last administrator) are shown in the dialog.
import { useEffect, useRef, useState } from 'react';
import type { Group, Member } from '@common/security/securityContract';
import { apiErrorMessage } from '../../api/apiError';
import { CheckField } from '../../components/CheckField';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DateTimeText } from '../../components/DateTimeText';
import { InlineError } from '../../components/InlineError';
import { useMemberActionMutation, useSetGroupMutation } from '../../api/securityApi';
import { SessionsPanel } from './SessionsPanel';

type Action = 'disable' | 'enable' | 'reset-password' | 'reset-mfa';

const ACTIONS: Record<
  Action,
  { title: string; confirm: string; busy: string; text: (username: string) => string; done: (username: string) => string; danger: boolean }
> = {
  disable: {
    title: 'Disable this member?',
    confirm: 'Disable',
    busy: 'Disabling…',
    danger: true,
    text: (u) => `${u} can no longer sign in, and every session of ${u} ends now.`,
    done: (u) => `${u} was disabled and signed out.`,
  },
  enable: {
    title: 'Enable this member?',
    confirm: 'Enable',
    busy: 'Enabling…',
    danger: false,
    text: (u) => `${u} can sign in again.`,
    done: (u) => `${u} was enabled.`,
  },
  'reset-password': {
    title: 'Require a new password?',
    confirm: 'Require new password',
    busy: 'Saving…',
    danger: false,
    text: (u) => `${u} must choose a new password at their next sign-in.`,
    done: (u) => `${u} must choose a new password at their next sign-in.`,
  },
  'reset-mfa': {
    title: 'Remove the one-time code device?',
    confirm: 'Remove device',
    busy: 'Removing…',
    danger: true,
    text: (u) =>
      `The authenticator of ${u} no longer works; if your organisation requires one-time codes, ${u} sets up a new one at the next sign-in.`,
    done: (u) => `The one-time code device of ${u} was removed.`,
  },
};

export function MemberDetails({ member, groups, onDone }: { member: Member; groups: readonly Group[]; onDone: (message: string) => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [pending, setPending] = useState<Action | null>(null);
  const [act, acting] = useMemberActionMutation();
  const [setGroup, settingGroup] = useSetGroupMutation();

  // Opening a member moves the focus to their details, so keyboard and screen reader users land there.
  useEffect(() => heading.current?.focus(), [member.id]);

  const confirm = () => {
    if (!pending) return;
    act({ memberId: member.id, action: pending })
      .unwrap()
      .then(
        () => {
          setPending(null);
          onDone(ACTIONS[pending].done(member.username));
        },
        () => undefined,
      );
  };

  const toggleGroup = (group: Group, inGroup: boolean) => {
    setGroup({ memberId: member.id, groupId: group.id, member: inGroup })
      .unwrap()
      .then(
        () => onDone(`${member.username} ${inGroup ? 'joined' : 'left'} ${group.name}.`),
        () => undefined,
      );
  };

  const name = [member.firstName, member.lastName].filter(Boolean).join(' ');
  return (
    <section aria-labelledby="member-details-title" className="card dw-card mb-4">
      <div className="card-body">
        <h2 id="member-details-title" className="h5" tabIndex={-1} ref={heading}>
          {member.username}
          {name ? ` (${name})` : ''}
        </h2>
        <dl className="row mb-3">
          <dt className="col-sm-4">E-mail</dt>
          <dd className="col-sm-8">{member.email}</dd>
          <dt className="col-sm-4">Status</dt>
          <dd className="col-sm-8">{member.enabled ? 'Enabled' : 'Disabled'}</dd>
          <dt className="col-sm-4">One-time codes</dt>
          <dd className="col-sm-8">{member.mfaConfigured ? 'Set up' : 'Not set up'}</dd>
          <dt className="col-sm-4">Required actions</dt>
          <dd className="col-sm-8">
            {member.requiredActions.length > 0
              ? member.requiredActions.map((action) => (action === 'UPDATE_PASSWORD' ? 'Choose a new password' : action)).join(', ')
              : 'None'}
          </dd>
          <dt className="col-sm-4">Portal roles</dt>
          <dd className="col-sm-8">{member.roles.join(', ') || 'None'}</dd>
          <dt className="col-sm-4">Member since</dt>
          <dd className="col-sm-8">
            <DateTimeText iso={member.createdAt} />
          </dd>
        </dl>
        <div className="d-flex flex-wrap gap-2 mb-3">
          {member.enabled ? (
            <button type="button" className="btn btn-outline-danger" onClick={() => setPending('disable')}>
              Disable
            </button>
          ) : (
            <button type="button" className="btn btn-outline-primary" onClick={() => setPending('enable')}>
              Enable
            </button>
          )}
          <button type="button" className="btn btn-outline-secondary" onClick={() => setPending('reset-password')}>
            Reset password
          </button>
          {member.mfaConfigured ? (
            <button type="button" className="btn btn-outline-secondary" onClick={() => setPending('reset-mfa')}>
              Remove one-time code device
            </button>
          ) : null}
        </div>
        {groups.length > 0 ? (
          <fieldset className="mb-2">
            <legend className="h6">Groups</legend>
            {settingGroup.error ? <InlineError>{apiErrorMessage(settingGroup.error)}</InlineError> : null}
            {groups.map((group) => (
              <CheckField
                key={group.id}
                id={`group-${group.id}`}
                label={group.name}
                checked={member.groups.includes(group.name)}
                disabled={settingGroup.isLoading}
                className="form-check-inline"
                onChecked={(checked) => toggleGroup(group, checked)}
              />
            ))}
          </fieldset>
        ) : null}
        <SessionsPanel member={member} onDone={onDone} />
      </div>
      {pending ? (
        <ConfirmDialog
          title={ACTIONS[pending].title}
          confirmLabel={ACTIONS[pending].confirm}
          busyLabel={ACTIONS[pending].busy}
          variant={ACTIONS[pending].danger ? 'danger' : 'primary'}
          busy={acting.isLoading}
          error={acting.error ? apiErrorMessage(acting.error) : null}
          onConfirm={confirm}
          onCancel={() => {
            setPending(null);
            acting.reset();
          }}
        >
          <p>{ACTIONS[pending].text(member.username)}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
