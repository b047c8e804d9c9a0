// A user's default role and warehouse: what a new session starts with. Empty unsets it.
import { useState, type FormEvent } from 'react';
import { existingNameError } from '../../../api/warehouseInput';
import type { UserView } from '../../../api/warehouseTypes';
import { FormField } from '../../../components/FormField';
import { InlineError } from '../../../components/InlineError';
import { ROLE_SUGGESTIONS_ID } from '../RoleSuggestions';
import { useChangeForm } from '../useChangeForm';
import type { FieldErrors } from '../useFieldErrors';

type Field = 'defaultRole' | 'defaultWarehouse';
const FIELDS: readonly Field[] = ['defaultRole', 'defaultWarehouse'];

interface UserDefaultsFormProps {
  user: UserView;
  onSaved: (message: string) => void;
}

export function UserDefaultsForm({ user, onSaved }: UserDefaultsFormProps) {
  const [values, setValues] = useState<Record<Field, string>>({
    defaultRole: user.defaultRole ?? '',
    defaultWarehouse: user.defaultWarehouse ?? '',
  });
  const { fields, formError, pending, send } = useChangeForm(FIELDS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors<Field> = {};
    for (const field of FIELDS) {
      const value = values[field].trim();
      const error = value ? existingNameError(value) : undefined;
      if (error) found[field] = error;
    }
    const value = (field: Field) => values[field].trim() || null;
    await send(
      found,
      () => ({
        kind: 'setUserDefaults',
        userName: user.name,
        defaultRole: value('defaultRole'),
        defaultWarehouse: value('defaultWarehouse'),
      }),
      (applied) => onSaved(applied.noop ? `The defaults of ${user.name} were already set so.` : `Defaults of ${user.name} saved.`),
    );
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Defaults">
      {formError ? <InlineError>{formError}</InlineError> : null}
      <div className="row g-3">
        <FormField
          className="col-md-6"
          ref={fields.refFor('defaultRole')}
          label="Default role"
          value={values.defaultRole}
          onValue={(value) => setValues((current) => ({ ...current, defaultRole: value }))}
          error={fields.errors.defaultRole}
          suggestions={ROLE_SUGGESTIONS_ID}
          help="Empty: no default role."
          autoComplete="off"
        />
        <FormField
          className="col-md-6"
          ref={fields.refFor('defaultWarehouse')}
          label="Default warehouse"
          value={values.defaultWarehouse}
          onValue={(value) => setValues((current) => ({ ...current, defaultWarehouse: value }))}
          error={fields.errors.defaultWarehouse}
          help="Empty: no default warehouse."
          autoComplete="off"
        />
      </div>
      <button type="submit" className="btn btn-outline-primary mt-3" disabled={pending}>
        {pending ? 'Saving…' : 'Save defaults'}
      </button>
    </form>
  );
}
