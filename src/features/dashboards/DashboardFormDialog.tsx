// Add or edit one dashboard. Checked here first; a field the server still refuses (400) or
// a duplicate name (409) is shown at that field, anything else above the form.
import { useRef, useState, type FormEvent } from 'react';
import { apiErrorField } from '../../api/apiError';
import { useCreateDashboardMutation, useUpdateDashboardMutation, type Dashboard } from '../../api/dashboardsApi';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import {
  emptyDashboardForm,
  fieldMessage,
  formFieldOf,
  formValuesOf,
  NAME_MAX,
  ORDER_MAX,
  toDashboardInput,
  validateDashboardForm,
  type DashboardField,
  type DashboardFormErrors,
  type DashboardFormValues,
} from './dashboardForm';
import { mutationOutcome } from '../../api/useMutationFeedback';

interface DashboardFormDialogProps {
  /** The dashboard to edit; null to add a new one. */
  dashboard: Dashboard | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

const fieldOrder: DashboardField[] = ['name', 'url', 'order'];

export function DashboardFormDialog({ dashboard, onClose, onSaved }: DashboardFormDialogProps) {
  const [values, setValues] = useState<DashboardFormValues>(dashboard ? formValuesOf(dashboard) : emptyDashboardForm);
  const [errors, setErrors] = useState<DashboardFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [create, creating] = useCreateDashboardMutation();
  const [update, updating] = useUpdateDashboardMutation();
  const saving = creating.isLoading || updating.isLoading;
  const inputs = useRef<Partial<Record<DashboardField, HTMLInputElement | null>>>({});

  const showErrors = (found: DashboardFormErrors) => {
    setErrors(found);
    const first = fieldOrder.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateDashboardForm(values);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    const input = toDashboardInput(values);
    const outcome = mutationOutcome(dashboard ? await update({ id: dashboard.id, changes: input }) : await create(input));
    if (!outcome.ok) {
      const serverField = apiErrorField(outcome.error);
      const field = formFieldOf(serverField);
      if (field) showErrors({ [field]: fieldMessage(outcome.message, serverField) });
      else setFormError(outcome.message);
      return;
    }
    onSaved(dashboard ? `Dashboard "${input.name}" saved.` : `Dashboard "${input.name}" added.`);
  };

  const field = (name: DashboardField, label: string, help: string, props: Partial<Parameters<typeof FormField>[0]>) => (
    <FormField
      ref={(element: HTMLInputElement | null) => {
        inputs.current[name] = element;
      }}
      id={`dashboard-${name}`}
      label={label}
      help={help}
      value={values[name]}
      onValue={(value) => setValues((current) => ({ ...current, [name]: value }))}
      error={errors[name]}
      {...props}
    />
  );

  const title = dashboard ? `Edit dashboard "${dashboard.name}"` : 'Add a dashboard';
  return (
    <FormDialog
      title={title}
      submitLabel={dashboard ? 'Save changes' : 'Add dashboard'}
      busyLabel="Saving…"
      busy={saving}
      error={formError}
      onSubmit={(event) => void submit(event)}
      onCancel={onClose}
    >
      {field('name', 'Name', `Shown in the Viewer menu; up to ${NAME_MAX} characters.`, {
        type: 'text',
        required: true,
        maxLength: NAME_MAX,
        autoComplete: 'off',
      })}
      {field('url', 'Address (URL)', 'The full https:// address of the dashboard page.', {
        type: 'url',
        required: true,
        inputMode: 'url',
        placeholder: 'https://',
      })}
      {field('order', 'Order', `Position in the menu, 0 to ${ORDER_MAX}; lower comes first. Leave empty to add at the end.`, {
        type: 'number',
        min: 0,
        max: ORDER_MAX,
        step: 1,
        inputMode: 'numeric',
      })}
    </FormDialog>
  );
}
