// A connector's configuration form, drawn from its spec (JSON Schema draft 7) by rjsf with the
// Bootstrap theme. The library is heavy, so this file is only ever loaded lazily
// (LazyConnectorConfigForm), in its own chunk, by the pages that configure a source.
import Form from '@rjsf/react-bootstrap';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import { specUiSchema } from './specUiSchema';
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
}

export default function ConnectorConfigForm({
  schema,
  value,
  onChange,
  onSubmit,
  fieldErrors,
  submitLabel,
  busy,
}: ConnectorConfigFormProps) {
  const uiSchema = useMemo(() => ({ ...specUiSchema(schema), 'ui:submitButtonOptions': { norender: true } }), [schema]);
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
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}
