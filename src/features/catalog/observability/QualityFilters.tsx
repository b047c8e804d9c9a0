// The Data Quality filters: search, status, severity, test type, owner and flakiness, kept in the
// address. The search applies on submit; the choices apply at once.
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { withParam } from './qualityParams';

const statusOptions = [
  ['', 'Any status'],
  ['fail', 'Failing'],
  ['error', 'Error'],
  ['warn', 'Warning'],
  ['pass', 'Passing'],
  ['skipped', 'Skipped'],
  ['unknown', 'Not run'],
] as const;
const severityOptions = [
  ['', 'Any severity'],
  ['error', 'Error'],
  ['warn', 'Warn'],
] as const;
const typeOptions = [
  ['', 'Data tests (generic and singular)'],
  ['generic', 'Generic tests'],
  ['singular', 'Singular tests'],
  ['unit', 'Unit tests'],
] as const;
const flakyOptions = [
  ['', 'Flaky or not'],
  ['true', 'Flaky only'],
  ['false', 'Steady only'],
] as const;

function Choice({
  id,
  label,
  name,
  options,
}: {
  id: string;
  label: string;
  name: string;
  options: readonly (readonly [string, string])[];
}) {
  const [params, setParams] = useSearchParams();
  return (
    <div className="col-sm-6 col-lg-2">
      <label className="form-label small mb-1" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={params.get(name) ?? ''}
        onChange={(event) => setParams(withParam(params, name, event.target.value || null))}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function QualityFilters() {
  const [params, setParams] = useSearchParams();
  // The text fields are the form's own until submitted; keyed on the address so going back shows its values.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || null;
    setParams(withParam(withParam(params, 'q', text('q')), 'owner', text('owner')));
  };
  return (
    <form className="row g-2 align-items-end mb-3" role="search" aria-label="Filter tests" onSubmit={submit}>
      <div className="col-sm-6 col-lg-3">
        <label className="form-label small mb-1" htmlFor="dq-search">
          Test, asset or column
        </label>
        <input
          id="dq-search"
          key={params.get('q') ?? ''}
          name="q"
          type="search"
          className="form-control form-control-sm"
          defaultValue={params.get('q') ?? ''}
          maxLength={200}
        />
      </div>
      <div className="col-sm-6 col-lg-2">
        <label className="form-label small mb-1" htmlFor="dq-owner">
          Owner
        </label>
        <input
          id="dq-owner"
          key={params.get('owner') ?? ''}
          name="owner"
          type="text"
          className="form-control form-control-sm"
          defaultValue={params.get('owner') ?? ''}
          maxLength={255}
        />
      </div>
      <Choice id="dq-status" label="Status" name="status" options={statusOptions} />
      <Choice id="dq-severity" label="Severity" name="severity" options={severityOptions} />
      <Choice id="dq-type" label="Type" name="type" options={typeOptions} />
      <Choice id="dq-flaky" label="Flakiness" name="flaky" options={flakyOptions} />
      <div className="col-auto">
        <button type="submit" className="btn btn-primary btn-sm">
          Search
        </button>
      </div>
    </form>
  );
}
