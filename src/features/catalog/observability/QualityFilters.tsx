// The Data Quality filters: search, status, severity, test type, owner and flakiness, kept in the
// address. The search applies on submit; the choices apply at once.
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ParamSelect } from './ParamSelect';
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

/** A text filter that applies when the form is submitted, keyed on the address so going back shows its value. */
function TextFilter({
  id,
  label,
  name,
  type,
  maxLength,
  className,
}: {
  id: string;
  label: string;
  name: string;
  type: string;
  maxLength: number;
  className: string;
}) {
  const [params] = useSearchParams();
  return (
    <div className={className}>
      <label className="form-label small mb-1" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        key={params.get(name) ?? ''}
        name={name}
        type={type}
        className="form-control form-control-sm"
        defaultValue={params.get(name) ?? ''}
        maxLength={maxLength}
      />
    </div>
  );
}

export function QualityFilters() {
  const [params, setParams] = useSearchParams();
  // The text fields are the form's own until submitted.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || null;
    setParams(withParam(withParam(params, 'q', text('q')), 'owner', text('owner')));
  };
  return (
    <form className="row g-2 align-items-end mb-3" role="search" aria-label="Filter tests" onSubmit={submit}>
      <TextFilter id="dq-search" label="Test, asset or column" name="q" type="search" maxLength={200} className="col-sm-6 col-lg-3" />
      <TextFilter id="dq-owner" label="Owner" name="owner" type="text" maxLength={255} className="col-sm-6 col-lg-2" />
      <ParamSelect id="dq-status" label="Status" name="status" options={statusOptions} className="col-sm-6 col-lg-2" />
      <ParamSelect id="dq-severity" label="Severity" name="severity" options={severityOptions} className="col-sm-6 col-lg-2" />
      <ParamSelect id="dq-type" label="Type" name="type" options={typeOptions} className="col-sm-6 col-lg-2" />
      <ParamSelect id="dq-flaky" label="Flakiness" name="flaky" options={flakyOptions} className="col-sm-6 col-lg-2" />
      <div className="col-auto">
        <button type="submit" className="btn btn-primary btn-sm">
          Search
        </button>
      </div>
    </form>
  );
}
