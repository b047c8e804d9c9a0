// Creating a role: a name in Snowflake's identifier form (not one of the system roles) and an
// optional comment.
import { warehouseRolePath } from '@common/paths';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { canonicalName, identifierError, plainTextError, RESERVED_ROLE_NAMES } from '../../../api/warehouseInput';
import type { CreateRoleChange } from '../../../api/warehouseTypes';
import { FormDialog } from '../../../components/FormDialog';
import { FormField } from '../../../components/FormField';
import { useChangeForm } from '../useChangeForm';
import type { FieldErrors } from '../useFieldErrors';

type Field = 'roleName' | 'comment';
const FIELDS: readonly Field[] = ['roleName', 'comment'];

function validate(roleName: string, comment: string): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  const nameError =
    identifierError(roleName) ??
    (RESERVED_ROLE_NAMES.has(canonicalName(roleName)) ? 'This is a Snowflake system role; choose another name.' : undefined);
  if (nameError) errors.roleName = nameError;
  const commentError = comment ? plainTextError(comment, 1000) : undefined;
  if (commentError) errors.comment = commentError;
  return errors;
}

/** Creates the role, then opens its page with a notice. */
export function CreateRoleDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [roleName, setRoleName] = useState('');
  const [comment, setComment] = useState('');
  const { fields, send, dialogProps } = useChangeForm(FIELDS, 'roleName');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = roleName.trim();
    const text = comment.trim();
    const change = (): CreateRoleChange => ({ kind: 'createRole', roleName: name, ...(text ? { comment: text } : {}) });
    await send(validate(name, text), change, (applied) => {
      onClose();
      if (applied.change.kind === 'createRole')
        navigate(warehouseRolePath(applied.change.roleName), { state: { notice: `Role ${applied.change.roleName} created.` } });
    });
  };

  return (
    <FormDialog title="Create a role" submitLabel="Create role" busyLabel="Creating…" {...dialogProps(submit, onClose)}>
      <FormField
        ref={fields.refFor('roleName')}
        label="Role name"
        value={roleName}
        onValue={setRoleName}
        error={fields.errors.roleName}
        required
        autoComplete="off"
        help="Letters, digits, _ and $, starting with a letter or _. Snowflake stores it in upper case."
      />
      <FormField
        ref={fields.refFor('comment')}
        label="Comment"
        value={comment}
        onValue={setComment}
        error={fields.errors.comment}
        autoComplete="off"
      />
    </FormDialog>
  );
}
