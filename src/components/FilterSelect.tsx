// A select of one value of a fixed set: "any" first (the empty value) where the choice may be
// left open, then each value in words. Filter rows of list pages are made of these, and so are
// the fixed choices of small forms.
import type { CSSProperties, ReactNode } from 'react';
import { FormField } from './FormField';

interface FilterSelectProps<Value extends string> {
  label: string;
  /** The chosen value, "" for any. */
  value: string;
  onValue: (value: string) => void;
  /** The words of the empty choice, e.g. "Any status"; without it there is none. */
  anyLabel?: string;
  values: readonly Value[];
  /** The word of each value; the value itself where there is none. */
  labels?: Readonly<Record<Value, string>>;
  /** A smaller control, for dense filter rows. */
  small?: boolean;
  /** A smaller control under a small label, for a row of controls. */
  compact?: boolean;
  /** Classes of the field's group; none by default, as filter rows space their fields themselves. */
  className?: string;
  /** Choices between "any" and the values, e.g. one that stands for two values. */
  children?: ReactNode;
  /** The select's id, where a page links to it; generated otherwise. */
  id?: string;
  /** Classes of the label, e.g. "small mb-1" in a dense row. */
  labelClassName?: string;
  disabled?: boolean;
  /** A sentence under the select, e.g. what the chosen value means. */
  help?: ReactNode;
  error?: string;
  /** Style of the field's group, e.g. a maximum width. */
  style?: CSSProperties;
}

export function FilterSelect<Value extends string>({
  label,
  value,
  onValue,
  anyLabel,
  values,
  labels,
  small,
  compact,
  className = '',
  children,
  id,
  labelClassName,
  disabled,
  help,
  error,
  style,
}: FilterSelectProps<Value>) {
  return (
    <FormField
      id={id}
      label={label}
      labelClassName={labelClassName}
      control="select"
      small={small}
      compact={compact}
      className={className}
      value={value}
      onValue={onValue}
      disabled={disabled}
      help={help}
      error={error}
      style={style}
    >
      {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
      {children}
      {values.map((choice) => (
        <option key={choice} value={choice}>
          {labels ? labels[choice] : choice}
        </option>
      ))}
    </FormField>
  );
}
