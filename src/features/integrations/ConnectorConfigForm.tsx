// A connector's configuration form, drawn from its spec (JSON Schema draft 7) by rjsf with the
// Bootstrap theme. The library is heavy, so this file is only ever loaded lazily
// (LazyConnectorConfigForm), in its own chunk, by the pages that configure a source.
import Form from '@rjsf/react-bootstrap';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { useMemo, type ReactNode } from 'react';
import { storedSecretHints, specUiSchema } from './specUiSchema';
import { specValidator } from './specValidator';

export interface ConnectorConfigFormProps {
  schema: Record<string, unknown>;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  onSubmit: (value: Record<string, unknown>) => void;
  /** The server's refusal, placed at the field it named. */
  fieldErrors?: Record<string, unknown>;
  submitLabel: string;
  busy: boolean;
  /** Secrets a saved source holds (dot paths): shown blank, with how to keep or replace them. */
  storedSecrets?: readonly string[];
  /** More buttons beside the submit button (a test that saves nothing). */
  actions?: ReactNode;
}

export default function ConnectorConfigForm({
  schema,
  value,
  onChange,
  onSubmit,
  fieldErrors,
  submitLabel,
  busy,
  storedSecrets,
  actions,
}: ConnectorConfigFormProps) {
  const uiSchema = useMemo(
    () => ({ ...storedSecretHints(specUiSchema(schema), storedSecrets ?? []), 'ui:submitButtonOptions': { norender: true } }),
    [schema, storedSecrets],
  );
  return (
    <Form
      schema={schema as RJSFSchema}
      uiSchema={uiSchema}
      formData={value}
      validator={specValidator}
      onChange={(event) => onChange((event.formData ?? {}) as Record<string, unknown>)}
      onSubmit={(event) => onSubmit((event.formData ?? {}) as Record<string, unknown>)}
      extraErrors={fieldErrors as ErrorSchema | undefined}
      showErrorList="bottom"
      noHtml5Validate
      disabled={busy}
    >
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submitLabel}
        </button>
        {actions}
      </div>
    </Form>
  );
}
