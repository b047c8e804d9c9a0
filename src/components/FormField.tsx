// A labelled control (input, select or textarea) with its help text and, when there is one,
// its error (from the form's own checks or from the server). The error and the help are tied
// to the control with aria-describedby, error first, and the control is marked aria-invalid,
// so a screen reader says what is wrong on reaching it.
import {
  forwardRef,
  useId,
  type CSSProperties,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';
import Form from 'react-bootstrap/Form';

type ControlElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value' | 'size' | 'children' | 'style'> {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  /** The control's id; the help and error ids are made from it. Generated when not given. */
  id?: string;
  /** Which control: an input (default), a select (options as children) or a textarea. */
  control?: 'input' | 'select' | 'textarea';
  /** The options of a select. */
  children?: ReactNode;
  rows?: number;
  help?: ReactNode;
  error?: string;
  /** A <datalist> id offering known values (roles, warehouses). */
  suggestions?: string;
  /** Classes of the group holding label, control, help and error; "mb-3" by default. */
  className?: string;
  /** Style of that group, e.g. a maximum width. */
  style?: CSSProperties;
  /** Classes of the label, e.g. "visually-hidden" where the form's name says it already. */
  labelClassName?: string;
  /** A smaller control, for dense filter rows. */
  small?: boolean;
  /** A smaller control under a small label, for a row of controls (filters, moves on an item). */
  compact?: boolean;
}

export const FormField = forwardRef<ControlElement, FormFieldProps>(function FormField(
  {
    label,
    value,
    onValue,
    id: givenId,
    control = 'input',
    children,
    help,
    error,
    suggestions,
    className,
    style,
    labelClassName,
    small,
    compact,
    ...attributes
  },
  ref,
) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const helpId = help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [errorId, helpId].filter(Boolean).join(' ') || undefined,
  } as const;
  const size = small || compact ? 'sm' : undefined;
  const labelClasses = compact ? ['small mb-1', labelClassName].filter(Boolean).join(' ') : labelClassName;

  return (
    <Form.Group className={className ?? 'mb-3'} style={style} controlId={id}>
      <Form.Label className={labelClasses}>{label}</Form.Label>
      {control === 'select' ? (
        <Form.Select
          ref={ref as Ref<HTMLSelectElement>}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          isInvalid={Boolean(error)}
          {...described}
          {...(attributes as Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'>)}
          size={size}
        >
          {children}
        </Form.Select>
      ) : (
        <Form.Control
          ref={ref as Ref<HTMLInputElement & HTMLTextAreaElement>}
          as={control === 'textarea' ? 'textarea' : undefined}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          isInvalid={Boolean(error)}
          list={suggestions}
          size={size}
          {...described}
          {...attributes}
        />
      )}
      {help ? <Form.Text id={helpId}>{help}</Form.Text> : null}
      {error ? (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error}
        </Form.Control.Feedback>
      ) : null}
    </Form.Group>
  );
});
