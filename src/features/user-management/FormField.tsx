// A labelled input of the User Management forms, with its help text and, when there is one,
// its error (from the browser's own checks or from the server), both tied to the input.
import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value' | 'size'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  help?: string;
  error?: string;
  /** A <datalist> id offering known names (roles, warehouses). */
  suggestions?: string;
}

export const FormField = forwardRef<HTMLInputElement, FormFieldProps>(function FormField(
  { label, value, onValue, help, error, suggestions, className, ...input },
  ref,
) {
  const id = useId();
  const helpId = help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <Form.Group className={className ?? 'mb-3'} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        ref={ref}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, helpId].filter(Boolean).join(' ') || undefined}
        list={suggestions}
        autoComplete="off"
        {...input}
      />
      {help ? <Form.Text id={helpId}>{help}</Form.Text> : null}
      {error ? (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error}
        </Form.Control.Feedback>
      ) : null}
    </Form.Group>
  );
});
