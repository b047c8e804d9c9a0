// The endpoint's parameters as an editable table: one row per parameter with its type, whether
// it is required or its default, and its limits. Every control is labelled with the parameter
// it belongs to, so a screen reader says "Type of parameter country".
import { parameterTypes, type ParameterType } from '@common/data-api/dataApiRules';
import { SimpleTable } from '../../components/SimpleTable';
import { newParameter, type ParameterForm } from './editorModel';

interface ParameterTableProps {
  parameters: ParameterForm[];
  onChange: (parameters: ParameterForm[]) => void;
}

const isNumeric = (param: ParameterForm) => param.type === 'integer' || param.type === 'number';

interface TextInputProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  inputMode?: 'decimal' | 'numeric';
  className?: string;
}

/** The fields of a parameter typed as text. */
type TextField = 'defaultValue' | 'minimum' | 'maximum' | 'minLength' | 'maxLength' | 'pattern' | 'values' | 'description';

/** A row of the table: the parameter, its place, and its name as the boxes' labels say it. */
interface ParameterRow {
  param: ParameterForm;
  index: number;
  name: string;
}

/** A small text box of the table, named for the parameter it belongs to. */
function TextInput(props: TextInputProps) {
  return (
    <input
      className={props.className ? `form-control form-control-sm ${props.className}` : 'form-control form-control-sm'}
      aria-label={props.label}
      placeholder={props.placeholder}
      inputMode={props.inputMode}
      value={props.value}
      disabled={props.disabled}
      onChange={(e) => props.onValue(e.target.value)}
    />
  );
}
export function ParameterTable({ parameters, onChange }: ParameterTableProps) {
  const update = (index: number, change: Partial<ParameterForm>) =>
    onChange(parameters.map((param, i) => (i === index ? { ...param, ...change } : param)));
  const remove = (index: number) => onChange(parameters.filter((_, i) => i !== index));
  /** The text box of one field of a row, writing to that field. */
  const text = ({ param, index }: ParameterRow, field: TextField, label: string, props: Partial<TextInputProps> = {}) => (
    <TextInput label={label} value={param[field]} onValue={(value) => update(index, { [field]: value })} {...props} />
  );
  const label = (param: ParameterForm, index: number) => (param.name.trim() ? `parameter ${param.name.trim()}` : `parameter ${index + 1}`);

  return (
    <div>
      <SimpleTable
        caption="Parameters"
        rows={parameters.map((param, index): ParameterRow => ({ param, index, name: label(param, index) }))}
        rowKey={({ param }) => param.key}
        columns={[
          {
            header: 'Name',
            cell: ({ param, index, name }) => (
              <TextInput
                className="font-monospace"
                label={`Name of ${name}`}
                value={param.name}
                onValue={(value) => update(index, { name: value })}
              />
            ),
          },
          {
            header: 'Type',
            cell: ({ param, index, name }) => (
              <select
                className="form-select form-select-sm"
                aria-label={`Type of ${name}`}
                value={param.type}
                onChange={(e) => update(index, { type: e.target.value as ParameterType })}
              >
                {parameterTypes.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            ),
          },
          {
            header: 'Required',
            cellClassName: 'text-center',
            cell: ({ param, index, name }) => (
              <input
                type="checkbox"
                className="form-check-input"
                aria-label={`${name} is required`}
                checked={param.required}
                onChange={(e) => update(index, { required: e.target.checked, ...(e.target.checked ? { defaultValue: '' } : {}) })}
              />
            ),
          },
          {
            header: 'Default',
            cell: (row) => text(row, 'defaultValue', `Default of ${row.name}`, { disabled: row.param.required }),
          },
          {
            header: 'Min',
            cell: (row) => text(row, 'minimum', `Minimum of ${row.name}`, { inputMode: 'decimal', disabled: !isNumeric(row.param) }),
          },
          {
            header: 'Max',
            cell: (row) => text(row, 'maximum', `Maximum of ${row.name}`, { inputMode: 'decimal', disabled: !isNumeric(row.param) }),
          },
          {
            header: 'Length',
            cell: (row) => {
              const notText = row.param.type !== 'string';
              return (
                <div className="d-flex gap-1">
                  {text(row, 'minLength', `Minimum length of ${row.name}`, { inputMode: 'numeric', placeholder: 'min', disabled: notText })}
                  {text(row, 'maxLength', `Maximum length of ${row.name}`, { inputMode: 'numeric', placeholder: 'max', disabled: notText })}
                </div>
              );
            },
          },
          {
            header: 'Pattern or values',
            cell: (row) =>
              row.param.type === 'enum'
                ? text(row, 'values', `Values of ${row.name}, comma-separated`, { placeholder: 'a, b, c' })
                : text(row, 'pattern', `Pattern of ${row.name}`, {
                    className: 'font-monospace',
                    placeholder: '^[A-Z]{2}$',
                    disabled: row.param.type !== 'string',
                  }),
          },
          {
            header: 'Description',
            cell: (row) => text(row, 'description', `Description of ${row.name}`),
          },
          {
            header: 'Actions',
            headerHidden: true,
            cell: ({ index, name }) => (
              <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => remove(index)}>
                Remove<span className="visually-hidden"> {name}</span>
              </button>
            ),
          },
        ]}
      />
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onChange([...parameters, newParameter()])}>
        Add parameter
      </button>
    </div>
  );
}
