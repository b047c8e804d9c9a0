// Add or edit one dashboard. Checked here first; a field the server still refuses (400) or
// a duplicate name (409) is shown at that field, anything else above the form.
import { useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { apiErrorField, apiErrorMessage } from '../../api/apiError';
import { useCreateDashboardMutation, useUpdateDashboardMutation, type Dashboard } from '../../api/dashboardsApi';
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
    const result = dashboard ? await update({ id: dashboard.id, changes: input }) : await create(input);
    if ('error' in result) {
      const serverField = apiErrorField(result.error);
      const field = formFieldOf(serverField);
      const message = apiErrorMessage(result.error);
      if (field) showErrors({ [field]: fieldMessage(message, serverField) });
      else setFormError(message);
      return;
    }
    onSaved(dashboard ? `Dashboard "${input.name}" saved.` : `Dashboard "${input.name}" added.`);
  };

  const field = (name: DashboardField, label: string, help: string, props: Record<string, unknown>) => {
    const error = errors[name];
    const helpId = `dashboard-${name}-help`;
    const errorId = `dashboard-${name}-error`;
    return (
      <Form.Group className="mb-3" controlId={`dashboard-${name}`}>
        <Form.Label>{label}</Form.Label>
        <Form.Control
          ref={(element: HTMLInputElement | null) => {
            inputs.current[name] = element;
          }}
          value={values[name]}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          isInvalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${helpId}` : helpId}
          {...props}
        />
        <Form.Text id={helpId}>{help}</Form.Text>
        {error ? (
          <Form.Control.Feedback type="invalid" id={errorId}>
            {error}
          </Form.Control.Feedback>
        ) : null}
      </Form.Group>
    );
  };

  const title = dashboard ? `Edit dashboard "${dashboard.name}"` : 'Add a dashboard';
  // While the request runs the dialog stays open (no backdrop click, no Escape): closing it
  // would hide the outcome.
  return (
    <Modal show onHide={onClose} aria-labelledby="dashboard-form-title" backdrop={saving ? 'static' : true} keyboard={!saving}>
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <Modal.Header closeButton>
          <Modal.Title id="dashboard-form-title" as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {formError ? (
            <div className="alert alert-danger" role="alert">
              {formError}
            </div>
          ) : null}
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
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : dashboard ? 'Save changes' : 'Add dashboard'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
