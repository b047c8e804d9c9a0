// A checkbox, or an on/off switch, with its words beside it. The label is tied to the box by id,
// so a click on the words ticks it and a screen reader reads them with it.
import { useId, type ReactNode } from 'react';

interface CheckFieldProps {
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  /** The box's id; generated when not given. */
  id?: string;
  disabled?: boolean;
  /** Shown as a switch (role="switch"): a setting that takes effect, rather than a choice in a form. */
  asSwitch?: boolean;
  /** Classes of the group besides "form-check", e.g. "mb-3". */
  className?: string;
  /** Classes of the label besides "form-check-label", e.g. "small" or "visually-hidden". */
  labelClassName?: string;
  /** A sentence under the box on what ticking it does; its id is the box's id with "-help". */
  help?: ReactNode;
  /** The id of a sentence elsewhere that says more, e.g. why the box is disabled. */
  describedBy?: string;
}

export function CheckField({
  label,
  checked,
  onChecked,
  id: givenId,
  disabled,
  asSwitch = false,
  className,
  labelClassName,
  help,
  describedBy,
}: CheckFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const helpId = help ? `${id}-help` : undefined;
  return (
    <div className={['form-check', asSwitch ? 'form-switch' : null, className].filter(Boolean).join(' ')}>
      <input
        id={id}
        type="checkbox"
        role={asSwitch ? 'switch' : undefined}
        className="form-check-input"
        checked={checked}
        disabled={disabled}
        aria-describedby={[helpId, describedBy].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onChecked(event.target.checked)}
      />
      <label className={labelClassName ? `form-check-label ${labelClassName}` : 'form-check-label'} htmlFor={id}>
        {label}
      </label>
      {help ? (
        <div id={helpId} className="form-text">
          {help}
        </div>
      ) : null}
    </div>
  );
}
