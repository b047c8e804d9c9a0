// A user's default role and warehouse: what a new session starts with. Empty unsets it.
import { useState, type FormEvent } from 'react';
import { existingNameError } from '../../../api/warehouseInput';
import type { UserView } from '../../../api/warehouseTypes';
import { FormField } from '../../../components/FormField';
import { InlineError } from '../../../components/InlineError';
import { ROLE_SUGGESTIONS_ID } from '../RoleSuggestions';
import { useFieldErrors, type FieldErrors } from '../useFieldErrors';
import { useWarehouseChange } from '../useWarehouseChange';

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
  const [formError, setFormError] = useState<string | null>(null);
  const fields = useFieldErrors(FIELDS);
  const { run, pending } = useWarehouseChange();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: FieldErrors<Field> = {};
    for (const field of FIELDS) {
      const value = values[field].trim();
      const error = value ? existingNameError(value) : undefined;
      if (error) found[field] = error;
    }
    if (fields.show(found)) return;
    const value = (field: Field) => values[field].trim() || null;
    const outcome = await run({
      kind: 'setUserDefaults',
      userName: user.name,
      defaultRole: value('defaultRole'),
      defaultWarehouse: value('defaultWarehouse'),
    });
    if (outcome.ok) {
      onSaved(outcome.applied.noop ? `The defaults of ${user.name} were already set so.` : `Defaults of ${user.name} saved.`);
      return;
    }
    if (fields.isField(outcome.field)) fields.show({ [outcome.field]: outcome.message });
    else setFormError(outcome.message);
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
