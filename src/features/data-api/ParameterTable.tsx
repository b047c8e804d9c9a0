// The endpoint's parameters as an editable table: one row per parameter with its type, whether
// it is required or its default, and its limits. Every control is labelled with the parameter
// it belongs to, so a screen reader says "Type of parameter country".
import { parameterTypes, type ParameterType } from '@common/data-api/dataApiRules';
import { newParameter, type ParameterForm } from './editorModel';

interface ParameterTableProps {
  parameters: ParameterForm[];
  onChange: (parameters: ParameterForm[]) => void;
}

export function ParameterTable({ parameters, onChange }: ParameterTableProps) {
  const update = (index: number, change: Partial<ParameterForm>) =>
    onChange(parameters.map((param, i) => (i === index ? { ...param, ...change } : param)));
  const remove = (index: number) => onChange(parameters.filter((_, i) => i !== index));
  const label = (param: ParameterForm, index: number) => (param.name.trim() ? `parameter ${param.name.trim()}` : `parameter ${index + 1}`);

  return (
    <div>
      <div className="table-responsive">
        <table className="table table-sm align-middle">
          <caption className="visually-hidden">Parameters</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Required</th>
              <th scope="col">Default</th>
              <th scope="col">Min</th>
              <th scope="col">Max</th>
              <th scope="col">Length</th>
              <th scope="col">Pattern or values</th>
              <th scope="col">Description</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {parameters.map((param, index) => {
              const name = label(param, index);
              const numeric = param.type === 'integer' || param.type === 'number';
              return (
                <tr key={param.key}>
                  <td>
                    <input
                      className="form-control form-control-sm font-monospace"
                      aria-label={`Name of ${name}`}
                      value={param.name}
                      onChange={(e) => update(index, { name: e.target.value })}
                    />
                  </td>
                  <td>
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
                  </td>
                  <td className="text-center">
                    <input
                      type="checkbox"
                      className="form-check-input"
                      aria-label={`${name} is required`}
                      checked={param.required}
                      onChange={(e) => update(index, { required: e.target.checked, ...(e.target.checked ? { defaultValue: '' } : {}) })}
                    />
                  </td>
                  <td>
                    <input
                      className="form-control form-control-sm"
                      aria-label={`Default of ${name}`}
                      value={param.defaultValue}
                      disabled={param.required}
                      onChange={(e) => update(index, { defaultValue: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      className="form-control form-control-sm"
                      inputMode="decimal"
                      aria-label={`Minimum of ${name}`}
                      value={param.minimum}
                      disabled={!numeric}
                      onChange={(e) => update(index, { minimum: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      className="form-control form-control-sm"
                      inputMode="decimal"
                      aria-label={`Maximum of ${name}`}
                      value={param.maximum}
                      disabled={!numeric}
                      onChange={(e) => update(index, { maximum: e.target.value })}
                    />
                  </td>
                  <td>
                    <div className="d-flex gap-1">
                      <input
                        className="form-control form-control-sm"
                        inputMode="numeric"
                        aria-label={`Minimum length of ${name}`}
                        placeholder="min"
                        value={param.minLength}
                        disabled={param.type !== 'string'}
                        onChange={(e) => update(index, { minLength: e.target.value })}
                      />
                      <input
                        className="form-control form-control-sm"
                        inputMode="numeric"
                        aria-label={`Maximum length of ${name}`}
                        placeholder="max"
                        value={param.maxLength}
                        disabled={param.type !== 'string'}
                        onChange={(e) => update(index, { maxLength: e.target.value })}
                      />
                    </div>
                  </td>
                  <td>
                    {param.type === 'enum' ? (
                      <input
                        className="form-control form-control-sm"
                        aria-label={`Values of ${name}, comma-separated`}
                        placeholder="a, b, c"
                        value={param.values}
                        onChange={(e) => update(index, { values: e.target.value })}
                      />
                    ) : (
                      <input
                        className="form-control form-control-sm font-monospace"
                        aria-label={`Pattern of ${name}`}
                        placeholder="^[A-Z]{2}$"
                        value={param.pattern}
                        disabled={param.type !== 'string'}
                        onChange={(e) => update(index, { pattern: e.target.value })}
                      />
                    )}
                  </td>
                  <td>
                    <input
                      className="form-control form-control-sm"
                      aria-label={`Description of ${name}`}
                      value={param.description}
                      onChange={(e) => update(index, { description: e.target.value })}
                    />
                  </td>
                  <td>
                    <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => remove(index)}>
                      Remove<span className="visually-hidden"> {name}</span>
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onChange([...parameters, newParameter()])}>
        Add parameter
      </button>
    </div>
  );
}
