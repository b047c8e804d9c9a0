// "Run": the editor's current statement with values for its parameters, answered with a page of
// rows, its columns and the time it took. The values travel as a caller's query string would,
// so a bad value is refused the same way (named, 400) as on the published endpoint.
import { useState, type FormEvent } from 'react';
import type { EndpointDefinitionInput, RunResult } from '@common/data-api/dataApiContract';
import { apiErrorField, apiErrorMessage } from '../../api/apiError';
import { useRunDataEndpointMutation } from '../../api/dataApiApi';
import { DataTable } from '../../components/DataTable';
import type { CellValue, DataColumn } from '../../components/dataColumn';
import { InlineError } from '../../components/InlineError';
import type { ParameterForm } from './editorModel';

type ResultRow = Record<string, unknown>;

const cellValue = (value: unknown): CellValue =>
  value === null || value === undefined ? null : typeof value === 'object' ? JSON.stringify(value) : (value as CellValue);

function columnsOf(result: RunResult): DataColumn<ResultRow>[] {
  return result.columns.map((column) => ({
    id: column,
    header: column,
    value: (row) => cellValue(row[column]),
    numeric: result.rows.some((row) => typeof row[column] === 'number'),
  }));
}

interface RunPreviewProps {
  parameters: ParameterForm[];
  definition: () => EndpointDefinitionInput;
}

export function RunPreview({ parameters, definition }: RunPreviewProps) {
  const [inputs, setInputs] = useState<Record<string, string>>({});
  const [run, state] = useRunDataEndpointMutation();
  const [result, setResult] = useState<RunResult | null>(null);
  const named = parameters.filter((param) => param.name.trim() !== '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = Object.fromEntries(
      named.map((param) => [param.name.trim(), inputs[param.name.trim()] ?? '']).filter(([, value]) => value !== ''),
    );
    try {
      setResult(await run({ definition: definition(), inputs: values }).unwrap());
    } catch {
      setResult(null);
    }
  };
  const errorField = state.isError ? apiErrorField(state.error) : undefined;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Run the query">
      <div className="row g-2 align-items-end">
        {named.map((param) => {
          const name = param.name.trim();
          const id = `run-${param.key}`;
          const invalid = errorField === name;
          return (
            <div className="col-sm-6 col-lg-3" key={param.key}>
              <label htmlFor={id} className="form-label small mb-1">
                {name}{' '}
                <span className="text-body-secondary">
                  ({param.type}
                  {param.required ? ', required' : ''})
                </span>
              </label>
              {param.type === 'enum' || param.type === 'boolean' ? (
                <select
                  id={id}
                  className="form-select form-select-sm"
                  aria-invalid={invalid || undefined}
                  value={inputs[name] ?? ''}
                  onChange={(e) => setInputs({ ...inputs, [name]: e.target.value })}
                >
                  <option value="">{param.defaultValue ? `Default (${param.defaultValue})` : 'Not set'}</option>
                  {(param.type === 'boolean'
                    ? ['true', 'false']
                    : param.values
                        .split(',')
                        .map((value) => value.trim())
                        .filter(Boolean)
                  ).map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={id}
                  className="form-control form-control-sm"
                  type={param.type === 'date' ? 'date' : 'text'}
                  aria-invalid={invalid || undefined}
                  placeholder={param.defaultValue ? `Default: ${param.defaultValue}` : ''}
                  value={inputs[name] ?? ''}
                  onChange={(e) => setInputs({ ...inputs, [name]: e.target.value })}
                />
              )}
            </div>
          );
        })}
        <div className="col-auto">
          <button type="submit" className="btn btn-sm btn-primary" disabled={state.isLoading}>
            {state.isLoading ? 'Running…' : 'Run'}
          </button>
        </div>
      </div>
      <div aria-live="polite" className="mt-3">
        {state.isError ? <InlineError>{apiErrorMessage(state.error)}</InlineError> : null}
        {result && !state.isError ? (
          <>
            <p className="small text-body-secondary" role="status">
              {result.rowCount} {result.rowCount === 1 ? 'row' : 'rows'}
              {result.hasMore ? ' (more on the next pages)' : ''}, {result.columns.length} columns, {result.elapsedMs} ms
            </p>
            <DataTable
              caption="Result preview"
              columns={columnsOf(result)}
              rows={result.rows}
              rowKey={(_row, index) => String(index)}
              exportFileName="endpoint-preview.csv"
              pageSize={25}
              emptyText="The query answered no rows."
            />
          </>
        ) : null}
      </div>
    </form>
  );
}
