// Creating a warehouse user: a name in Snowflake's identifier form, optional profile and
// defaults. Checked here as the server checks it; what the server still refuses is shown at
// its field, anything else above the form.
import { warehouseUserPath } from '@common/paths';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { emailError, existingNameError, identifierError, plainTextError } from '../../../api/warehouseInput';
import type { CreateUserChange } from '../../../api/warehouseTypes';
import { FormDialog } from '../../../components/FormDialog';
import { FormField } from '../../../components/FormField';
import { RoleSuggestions, ROLE_SUGGESTIONS_ID } from '../RoleSuggestions';
import { useChangeForm } from '../useChangeForm';
import type { FieldErrors } from '../useFieldErrors';

type Field = 'userName' | 'displayName' | 'email' | 'defaultRole' | 'defaultWarehouse' | 'comment';
const FIELDS: readonly Field[] = ['userName', 'displayName', 'email', 'defaultRole', 'defaultWarehouse', 'comment'];
type Values = Record<Field, string>;
const empty: Values = { userName: '', displayName: '', email: '', defaultRole: '', defaultWarehouse: '', comment: '' };

function validate(values: Values): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  const set = (field: Field, error: string | undefined) => {
    if (error) errors[field] = error;
  };
  set('userName', identifierError(values.userName.trim()));
  if (values.displayName.trim()) set('displayName', plainTextError(values.displayName.trim(), 255));
  if (values.email.trim()) set('email', emailError(values.email.trim()));
  if (values.defaultRole.trim()) set('defaultRole', existingNameError(values.defaultRole.trim()));
  if (values.defaultWarehouse.trim()) set('defaultWarehouse', existingNameError(values.defaultWarehouse.trim()));
  if (values.comment.trim()) set('comment', plainTextError(values.comment.trim(), 1000));
  return errors;
}

function toChange(values: Values): CreateUserChange {
  const change: CreateUserChange = { kind: 'createUser', userName: values.userName.trim() };
  const optional = ['displayName', 'email', 'defaultRole', 'defaultWarehouse', 'comment'] as const;
  for (const field of optional) {
    const value = values[field].trim();
    if (value) change[field] = value;
  }
  return change;
}

interface CreateUserDialogProps {
  onClose: () => void;
}

/** Creates the user, then opens their page with a notice. */
export function CreateUserDialog({ onClose }: CreateUserDialogProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(empty);
  const { fields, send, dialogProps } = useChangeForm(FIELDS, 'userName');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await send(
      validate(values),
      () => toChange(values),
      (applied) => {
        onClose();
        if (applied.change.kind === 'createUser')
          navigate(warehouseUserPath(applied.change.userName), { state: { notice: `User ${applied.change.userName} created.` } });
      },
    );
  };

  const field = (name: Field, label: string, extra: Partial<Parameters<typeof FormField>[0]> = {}) => (
    <FormField
      ref={fields.refFor(name)}
      label={label}
      value={values[name]}
      onValue={(value) => setValues((current) => ({ ...current, [name]: value }))}
      error={fields.errors[name]}
      autoComplete="off"
      {...extra}
    />
  );

  return (
    <FormDialog title="Create a warehouse user" submitLabel="Create user" busyLabel="Creating…" {...dialogProps(submit, onClose)}>
      {field('userName', 'User name', {
        required: true,
        help: 'Letters, digits, _ and $, starting with a letter or _. Snowflake stores it in upper case.',
      })}
      {field('displayName', 'Display name')}
      {field('email', 'E-mail', { type: 'email', inputMode: 'email' })}
      {field('defaultRole', 'Default role', {
        suggestions: ROLE_SUGGESTIONS_ID,
        help: 'The role the user starts a session with; grant it too.',
      })}
      {field('defaultWarehouse', 'Default warehouse')}
      {field('comment', 'Comment')}
      <RoleSuggestions />
    </FormDialog>
  );
}
