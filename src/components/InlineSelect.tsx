// A small select with its label beside it, as a panel's actions hold it: which warehouse, which
// figure to rank by, how long before an account counts as dormant.
import { useId, type ReactNode } from 'react';

interface InlineSelectProps<Value extends string> {
  label: string;
  value: string;
  onValue: (value: Value) => void;
  options: readonly Value[];
  /** The words of each option; the value itself where not given. */
  optionLabel?: (value: Value) => string;
  /** Choices before the options, e.g. "All databases". */
  children?: ReactNode;
  /** The select's id, where a page links to it; generated otherwise. */
  id?: string;
  labelClassName?: string;
  selectClassName?: string;
}

export function InlineSelect<Value extends string>({
  label,
  value,
  onValue,
  options,
  optionLabel = (option) => option,
  children,
  id: givenId,
  labelClassName = 'small text-body-secondary text-nowrap',
  selectClassName = 'form-select form-select-sm w-auto',
}: InlineSelectProps<Value>) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <div className="d-flex align-items-center gap-2">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {/* Every choice is one of the options or of the extra ones, all values of the caller's type. */}
      <select id={id} className={selectClassName} value={value} onChange={(event) => onValue(event.target.value as Value)}>
        {children}
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
