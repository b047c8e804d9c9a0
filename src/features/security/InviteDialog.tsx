// Inviting a member: username, e-mail, name and the roles to start with (only those the admin
// may grant). The identity service creates the account with "update password" required and
// answers a one-time link, shown here once for the admin to pass on.
import { useState } from 'react';
import { portalRoleLabel } from '@common/access/roleLabels';
import type { InvitationResult } from '@common/security/securityContract';
import { apiErrorField, apiErrorMessage } from '../../api/apiError';
import { CheckField } from '../../components/CheckField';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { useInviteMemberMutation } from '../../api/securityApi';

const FIELDS = [
  { id: 'username', label: 'Username', autoComplete: 'off' },
  { id: 'email', label: 'E-mail', autoComplete: 'off' },
  { id: 'firstName', label: 'First name', autoComplete: 'off' },
  { id: 'lastName', label: 'Last name', autoComplete: 'off' },
] as const;
type Field = (typeof FIELDS)[number]['id'];

/** Ticked when the dialog opens: the everyday role most members need. */
const DEFAULT_INVITE_ROLE = 'Client-dataworks-business-users';

export function InviteDialog({
  grantable,
  onClose,
  onInvited,
}: {
  grantable: readonly string[];
  onClose: () => void;
  onInvited: (result: InvitationResult) => void;
}) {
  const [values, setValues] = useState<Record<Field, string>>({ username: '', email: '', firstName: '', lastName: '' });
  // An everyday role to start with, so an invited member does not land on "no access yet".
  const [roles, setRoles] = useState<string[]>(() => (grantable.includes(DEFAULT_INVITE_ROLE) ? [DEFAULT_INVITE_ROLE] : []));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [invite, { isLoading, error }] = useInviteMemberMutation();
  const field = error ? apiErrorField(error) : undefined;

  const submit = () => {
    const found: Partial<Record<Field, string>> = {};
    for (const { id, label } of FIELDS) if (!values[id].trim()) found[id] = `${label} is required.`;
    if (values.username && !/^[A-Za-z0-9._-]{3,50}$/.test(values.username.trim()))
      found.username = 'Use 3 to 50 letters, digits, dots, hyphens or underscores.';
    if (values.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim()))
      found.email = 'Enter an e-mail address such as name@example.com.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    invite({ ...values, roles })
      .unwrap()
      .then(onInvited, () => undefined);
  };

  return (
    <FormDialog
      title="Invite a member"
      submitLabel="Invite"
      busyLabel="Inviting…"
      busy={isLoading}
      error={error && !FIELDS.some(({ id }) => id === field) ? apiErrorMessage(error) : null}
      onSubmit={submit}
      onCancel={onClose}
    >
      {FIELDS.map(({ id, label, autoComplete }) => (
        <FormField
          key={id}
          id={`invite-${id}`}
          label={label}
          value={values[id]}
          autoComplete={autoComplete}
          onValue={(value) => setValues((current) => ({ ...current, [id]: value }))}
          error={errors[id] ?? (field === id ? apiErrorMessage(error) : undefined)}
          autoFocus={id === 'username'}
        />
      ))}
      <fieldset>
        <legend className="form-label fs-6">Portal roles</legend>
        {grantable
          .filter((role) => role !== 'user')
          .map((role) => (
            <CheckField
              key={role}
              id={`invite-role-${role}`}
              label={portalRoleLabel(role)}
              checked={roles.includes(role)}
              onChecked={(checked) => setRoles((current) => (checked ? [...current, role] : current.filter((held) => held !== role)))}
            />
          ))}
        <p className="form-text">
          Every member holds <code>user</code>. You can grant only roles at or below your own.
        </p>
      </fieldset>
    </FormDialog>
  );
}
