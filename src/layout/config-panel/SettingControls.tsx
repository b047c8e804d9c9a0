import Form from 'react-bootstrap/Form';

interface SelectSettingProps<T extends string> {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  /** Label for the empty option ("none"). */
  emptyLabel?: string;
}

export function SelectSetting<T extends string>({ id, label, value, options, onChange, emptyLabel = 'None' }: SelectSettingProps<T>) {
  return (
    <Form.Group className="mb-2" controlId={id}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Select size="sm" value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option || 'none'} value={option}>
            {option || emptyLabel}
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
