// A select that narrows a list to one value of a fixed set: "any" first (the empty value), then
// each value in words. Filter rows of list pages are made of these.
import type { ReactNode } from 'react';
import { FormField } from './FormField';

interface FilterSelectProps<Value extends string> {
  label: string;
  /** The chosen value, "" for any. */
  value: string;
  onValue: (value: string) => void;
  /** The words of the empty choice, e.g. "Any status". */
  anyLabel: string;
  values: readonly Value[];
  /** The word of each value; the value itself where there is none. */
  labels?: Readonly<Record<Value, string>>;
  /** A smaller control, for dense filter rows. */
  small?: boolean;
  /** Classes of the field's group; none by default, as filter rows space their fields themselves. */
  className?: string;
  /** Choices between "any" and the values, e.g. one that stands for two values. */
  children?: ReactNode;
}

export function FilterSelect<Value extends string>({
  label,
  value,
  onValue,
  anyLabel,
  values,
  labels,
  small,
  className = '',
  children,
}: FilterSelectProps<Value>) {
  return (
    <FormField label={label} control="select" small={small} className={className} value={value} onValue={onValue}>
      <option value="">{anyLabel}</option>
      {children}
      {values.map((choice) => (
        <option key={choice} value={choice}>
          {labels ? labels[choice] : choice}
        </option>
      ))}
    </FormField>
  );
}
