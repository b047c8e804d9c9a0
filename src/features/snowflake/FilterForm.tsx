// The filters of an Optimize page: a date range (a preset period or custom days) and, per page,
// a few more fields offering the names the account has. They are applied to the address (so a
// link reproduces the view) only when they are valid; each error is shown at its field and the
// first one gets focus. A preset applies at once.
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { FilterOptionsResponse } from '@common/warehouse/insightsContract';
import type { DateRange } from '../../api/warehouseTypes';
import { FormField } from '../../components/FormField';
import { defaultRange, presetOf, rangeErrors, rangePresets, todayUtc } from './dateRange';
import { useGetFilterOptionsQuery } from '../../api/optimizeApi';

export interface FilterField {
  /** Its name in the address. */
  param: string;
  label: string;
  /** Checked only when the field is not empty (every extra field is optional). */
  validate?: (value: string) => string | undefined;
  /** Applied before checking, e.g. names in upper case as Snowflake stores them. */
  normalize?: (value: string) => string;
  type?: 'text' | 'number';
  min?: number;
  max?: number;
  placeholder?: string;
  /** Known names to offer (the account's warehouses, users, roles or tags with queries in the range). */
  options?: keyof Pick<FilterOptionsResponse, 'warehouses' | 'users' | 'roles' | 'queryTags'>;
}

interface FilterFormProps {
  /** What the form filters, for its accessible name ("Date range", "Query filters"). */
  label: string;
  range: DateRange;
  dataRange: DateRange;
  fields?: readonly FilterField[];
  /** The presets' "today" (UTC day); the real one by default. */
  today?: string;
}

type Values = Record<string, string>;

function initialValues(params: URLSearchParams, range: DateRange, fields: readonly FilterField[]): Values {
  const values: Values = { from: range.from, to: range.to };
  for (const field of fields) values[field.param] = params.get(field.param) ?? '';
  return values;
}

const noFields: readonly FilterField[] = [];

const CUSTOM = 'custom';

export function FilterForm({ label, range, dataRange, fields = noFields, today }: FilterFormProps) {
  const [params, setParams] = useSearchParams();
  const presets = useMemo(() => rangePresets(today ?? todayUtc(), dataRange), [today, dataRange]);
  const activePreset = presetOf(presets, range) ?? CUSTOM;
  const offersNames = fields.some((field) => field.options);
  const { data: options } = useGetFilterOptionsQuery(range, { skip: !offersNames });
  const [values, setValues] = useState<Values>(() => initialValues(params, range, fields));
  const [errors, setErrors] = useState<Values>({});
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  const formId = useId();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const normalized: Values = { ...values };
    for (const field of fields) {
      const value = (values[field.param] ?? '').trim();
      normalized[field.param] = value && field.normalize ? field.normalize(value) : value;
    }
    const found: Values = {};
    const dates = rangeErrors(normalized.from ?? '', normalized.to ?? '');
    if (dates.from) found.from = dates.from;
    if (dates.to) found.to = dates.to;
    for (const field of fields) {
      const value = normalized[field.param] ?? '';
      const error = value ? field.validate?.(value) : undefined;
      if (error) found[field.param] = error;
    }
    setValues(normalized);
    setErrors(found);
    const order = ['from', 'to', ...fields.map((field) => field.param)];
    const first = order.find((name) => found[name]);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const name of order) {
        const value = normalized[name] ?? '';
        if (value) next.set(name, value);
        else next.delete(name);
      }
      return next;
    });
  };

  const choosePreset = (id: string) => {
    const preset = presets.find((one) => one.id === id);
    if (!preset?.range) return;
    const chosen = preset.range;
    setErrors({});
    setValues((current) => ({ ...current, from: chosen.from, to: chosen.to }));
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('from', chosen.from);
      next.set('to', chosen.to);
      return next;
    });
  };

  const reset = () => {
    setErrors({});
    setValues(initialValues(new URLSearchParams(), defaultRange(dataRange), fields));
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const name of ['from', 'to', ...fields.map((field) => field.param)]) next.delete(name);
      return next;
    });
  };

  const input = (
    name: string,
    text: string,
    props: { type: string; min?: number | string; max?: number | string; placeholder?: string; options?: FilterField['options'] },
  ) => {
    const id = `${formId}-${name}`;
    const error = errors[name];
    return (
      <FormField
        key={name}
        ref={(element: HTMLInputElement | null) => {
          inputs.current[name] = element;
        }}
        id={id}
        className="col-sm-6 col-lg-auto"
        label={text}
        compact
        type={props.type}
        min={props.min}
        max={props.max}
        placeholder={props.placeholder}
        value={values[name] ?? ''}
        onValue={(value) => setValues((current) => ({ ...current, [name]: value }))}
        error={error}
        autoComplete="off"
        suggestions={props.options && options ? `${formId}-${props.options}` : undefined}
      />
    );
  };
  const lists = [...new Set(fields.flatMap((field) => (field.options ? [field.options] : [])))];

  return (
    <form className="card dw-card mb-4" aria-label={label} noValidate onSubmit={apply}>
      <div className="card-body">
        <div className="row g-2 align-items-start">
          <div className="col-sm-6 col-lg-auto">
            <label htmlFor={`${formId}-period`} className="form-label small mb-1">
              Period
            </label>
            <select
              id={`${formId}-period`}
              className="form-select form-select-sm"
              value={activePreset}
              onChange={(event) => choosePreset(event.target.value)}
            >
              {presets.map((preset) => (
                <option key={preset.id} value={preset.id} disabled={!preset.range}>
                  {preset.range ? preset.label : `${preset.label} (${preset.reason ?? 'no data'})`}
                </option>
              ))}
              <option value={CUSTOM} disabled={activePreset !== CUSTOM}>
                Custom (the days below)
              </option>
            </select>
          </div>
          {input('from', 'From', { type: 'date', min: dataRange.from, max: dataRange.to })}
          {input('to', 'To', { type: 'date', min: dataRange.from, max: dataRange.to })}
          {fields.map((field) => input(field.param, field.label, { ...field, type: field.type ?? 'text' }))}
          <div className="col-12 col-lg-auto d-flex gap-2 dw-filter-actions">
            <button type="submit" className="btn btn-primary btn-sm">
              Apply
            </button>
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={reset}>
              Reset
            </button>
          </div>
        </div>
        {options
          ? lists.map((list) => (
              <datalist key={list} id={`${formId}-${list}`}>
                {options[list].map((option) => (
                  <option key={option.name} value={option.name}>{`${option.queries.toLocaleString('en')} queries`}</option>
                ))}
              </datalist>
            ))
          : null}
        <p className="small text-body-secondary mb-0 mt-2">
          Days are UTC. Data from {dataRange.from} to {dataRange.to}; presets are cut to those days.
        </p>
      </div>
    </form>
  );
}
