import Form from 'react-bootstrap/Form';

interface SelectSettingProps<T extends string> {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  /** What each option reads as: the stored values are internal names. */
  labels: Record<T, string>;
  onChange: (value: T) => void;
}

export function SelectSetting<T extends string>({ id, label, value, options, labels, onChange }: SelectSettingProps<T>) {
  return (
    <Form.Group className="mb-2" controlId={id}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Select size="sm" value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option || 'none'} value={option}>
            {labels[option]}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

interface SwitchSettingProps {
  id: string;
  label: string;
  checked: boolean;
  onToggle: () => void;
}

export function SwitchSetting({ id, label, checked, onToggle }: SwitchSettingProps) {
  return <Form.Check type="switch" id={id} label={label} checked={checked} onChange={onToggle} className="mb-2" />;
}
