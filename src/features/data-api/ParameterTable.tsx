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

/** A small text box of the table, named for the parameter it belongs to. */
function TextInput(props: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  inputMode?: 'decimal' | 'numeric';
  className?: string;
}) {
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
  const label = (param: ParameterForm, index: number) => (param.name.trim() ? `parameter ${param.name.trim()}` : `parameter ${index + 1}`);

  return (
    <div>
      <SimpleTable
        caption="Parameters"
        rows={parameters.map((param, index) => ({ param, index, name: label(param, index) }))}
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
            cell: ({ param, index, name }) => (
              <TextInput
                label={`Default of ${name}`}
                value={param.defaultValue}
                disabled={param.required}
                onValue={(value) => update(index, { defaultValue: value })}
              />
            ),
          },
          {
            header: 'Min',
            cell: ({ param, index, name }) => (
              <TextInput
                inputMode="decimal"
                label={`Minimum of ${name}`}
                value={param.minimum}
                disabled={!isNumeric(param)}
                onValue={(value) => update(index, { minimum: value })}
              />
            ),
          },
          {
            header: 'Max',
            cell: ({ param, index, name }) => (
              <TextInput
                inputMode="decimal"
                label={`Maximum of ${name}`}
                value={param.maximum}
                disabled={!isNumeric(param)}
                onValue={(value) => update(index, { maximum: value })}
              />
            ),
          },
          {
            header: 'Length',
            cell: ({ param, index, name }) => (
              <div className="d-flex gap-1">
                <TextInput
                  inputMode="numeric"
                  label={`Minimum length of ${name}`}
                  placeholder="min"
                  value={param.minLength}
                  disabled={param.type !== 'string'}
                  onValue={(value) => update(index, { minLength: value })}
                />
                <TextInput
                  inputMode="numeric"
                  label={`Maximum length of ${name}`}
                  placeholder="max"
                  value={param.maxLength}
                  disabled={param.type !== 'string'}
                  onValue={(value) => update(index, { maxLength: value })}
                />
              </div>
            ),
          },
          {
            header: 'Pattern or values',
            cell: ({ param, index, name }) =>
              param.type === 'enum' ? (
                <TextInput
                  label={`Values of ${name}, comma-separated`}
                  placeholder="a, b, c"
                  value={param.values}
                  onValue={(value) => update(index, { values: value })}
                />
              ) : (
                <TextInput
                  className="font-monospace"
                  label={`Pattern of ${name}`}
                  placeholder="^[A-Z]{2}$"
                  value={param.pattern}
                  disabled={param.type !== 'string'}
                  onValue={(value) => update(index, { pattern: value })}
                />
              ),
          },
          {
            header: 'Description',
            cell: ({ param, index, name }) => (
              <TextInput
                label={`Description of ${name}`}
                value={param.description}
                onValue={(value) => update(index, { description: value })}
              />
            ),
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
