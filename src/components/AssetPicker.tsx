// Choosing things by name instead of typing ids: a WAI-ARIA combobox (an input that owns a
// listbox, the active option named by aria-activedescendant) whose choices show as removable
// chips. `ChoicePicker` offers a known list (owners, tags, roles) filtered as the person types;
// `AssetPicker` asks the catalog's search for assets named like what is typed and hands the form
// their dbt unique ids, so nobody needs `model.project.name` by heart.
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { SearchableKind, SearchHit } from '@common/dbt/catalogContract';
import { useSearchCatalogQuery } from '../api/dbtApi';
import { useDebounced } from './useDebounced';

export interface PickerOption {
  /** What the form receives (a unique id, a tag, a role name). */
  value: string;
  /** What people read. */
  label: string;
  /** A short kind shown as a badge (model, source). */
  badge?: string;
  /** A second line (the schema an asset is built in). */
  detail?: string;
}

/** Options shown at once; typing narrows a longer list. */
const SHOWN_MAX = 50;

interface ChoicePickerProps {
  /** The input's id (the label points at it). */
  id: string;
  label: string;
  help?: ReactNode;
  error?: string;
  /** Several choices (chips) or one. */
  multiple?: boolean;
  selected: readonly PickerOption[];
  onSelected: (selected: PickerOption[]) => void;
  /** The choices on offer. Filtered here by what is typed, unless `onText` says they come from a search. */
  options: readonly PickerOption[];
  /** For options that come from a search: the text typed (the options are then shown as given). */
  onText?: (text: string) => void;
  /** A line about the options (searching, nothing found), read out as it changes. */
  status?: string;
  /** Offer what was typed as a choice of its own (a person not yet known to the catalog). */
  allowTyped?: boolean;
  placeholder?: string;
  small?: boolean;
  className?: string;
  required?: boolean;
}

const matches = (option: PickerOption, text: string) => {
  const wanted = text.toLowerCase();
  return option.label.toLowerCase().includes(wanted) || option.value.toLowerCase().includes(wanted);
};

export function ChoicePicker({
  id,
  label,
  help,
  error,
  multiple = false,
  selected,
  onSelected,
  options,
  onText,
  status,
  allowTyped = false,
  placeholder,
  small = false,
  className = 'mb-3',
  required = false,
}: ChoicePickerProps) {
  const own = useId();
  const listId = `${own}-list`;
  const labelId = `${own}-label`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [said, setSaid] = useState('');
  const typed = text.trim();
  const taken = new Set(selected.map((option) => option.value));
  const offered = (onText ? options : options.filter((option) => matches(option, typed)))
    .filter((option) => !taken.has(option.value))
    .slice(0, SHOWN_MAX);
  const typedChoice: PickerOption[] =
    allowTyped && typed && !taken.has(typed) && !offered.some((option) => option.value.toLowerCase() === typed.toLowerCase())
      ? [{ value: typed, label: typed, detail: 'Not in the list: use as typed' }]
      : [];
  const shown = [...offered, ...typedChoice];
  const expanded = open && shown.length > 0;
  const optionId = (index: number) => `${own}-option-${index}`;

  const changeText = (next: string) => {
    setText(next);
    setOpen(true);
    setActive(-1);
    onText?.(next);
  };
  const pick = (option: PickerOption) => {
    onSelected(multiple ? [...selected, option] : [option]);
    setSaid(multiple ? `${option.label} added.` : `${option.label} chosen.`);
    changeText('');
    setOpen(false);
  };
  const remove = (option: PickerOption) => {
    onSelected(selected.filter((item) => item.value !== option.value));
    setSaid(`${option.label} removed.`);
    document.getElementById(id)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (shown.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current < 0 && step < 0 ? shown.length - 1 : (current + step + shown.length) % shown.length));
    } else if (event.key === 'Enter' && expanded && active >= 0 && shown[active]) {
      // Enter picks the active option rather than submitting the form.
      event.preventDefault();
      pick(shown[active] as PickerOption);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        event.stopPropagation();
        changeText('');
        setOpen(false);
      }
    }
  };
  const helpId = help ? `${own}-help` : undefined;
  const errorId = error ? `${own}-error` : undefined;
  return (
    <div className={className}>
      <label id={labelId} htmlFor={id} className={small ? 'form-label small mb-1' : 'form-label'}>
        {label}
      </label>
      {selected.length > 0 ? (
        <ul className="list-unstyled d-flex flex-wrap gap-1 mb-1" aria-label={`Chosen: ${label}`}>
          {selected.map((option) => (
            <li key={option.value} className="badge rounded-pill text-bg-light border d-inline-flex align-items-center gap-1 fw-normal">
              <span title={option.value}>{option.label}</span>
              {option.badge ? <span className="text-body-secondary">{option.badge}</span> : null}
              <button
                type="button"
                className="btn-close ms-1"
                style={{ fontSize: '0.6rem' }}
                aria-label={`Remove ${option.label}`}
                onClick={() => remove(option)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="position-relative">
        <input
          id={id}
          type="text"
          role="combobox"
          className={`form-control${small ? ' form-control-sm' : ''}${error ? ' is-invalid' : ''}`}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, helpId].filter(Boolean).join(' ') || undefined}
          aria-required={required && selected.length === 0 ? true : undefined}
          autoComplete="off"
          placeholder={placeholder}
          value={text}
          maxLength={200}
          onChange={(event) => changeText(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-labelledby={labelId}
          className="list-group position-absolute w-100 shadow-sm overflow-auto"
          style={{ zIndex: 1060, maxHeight: '18rem' }}
          hidden={!expanded}
        >
          {shown.map((option, index) => (
            <li
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={`list-group-item list-group-item-action py-1${index === active ? ' bg-body-tertiary' : ''}`}
              style={index === active ? { outline: '2px solid var(--bs-primary)', outlineOffset: '-2px' } : undefined}
              // Keeps the focus in the input, so the list stays open until the click picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
            >
              <span className="d-flex flex-wrap gap-2 align-items-center">
                <span>{option.label}</span>
                {option.badge ? <span className="badge text-bg-secondary">{option.badge}</span> : null}
              </span>
              {option.detail ? <span className="d-block small text-body-secondary">{option.detail}</span> : null}
            </li>
          ))}
        </ul>
      </div>
      {error ? (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
      {help ? (
        <div id={helpId} className="form-text">
          {help}
        </div>
      ) : null}
      <p className="small text-body-secondary mb-0" role="status">
        {open && status ? status : ''}
      </p>
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </div>
  );
}

/** The name people know an asset by: a source with its source's name (`raw.customers`), else its name. */
export function assetNameOfId(uniqueId: string): string {
  const parts = uniqueId.split('.');
  if (parts[0] === 'source' && parts.length >= 4) return parts.slice(2).join('.');
  return parts.slice(2).join('.') || uniqueId;
}

/** A search hit as a picker option: its name, its type as the badge, where it is built as the detail. */
export function assetOption(hit: Pick<SearchHit, 'uniqueId' | 'name' | 'resourceType' | 'database' | 'schema'>): PickerOption {
  const where = [hit.database, hit.schema].filter(Boolean).join('.');
  return {
    value: hit.uniqueId,
    label: hit.resourceType === 'source' ? assetNameOfId(hit.uniqueId) : hit.name,
    badge: hit.resourceType,
    detail: where ? `in ${where}` : undefined,
  };
}

/** An asset known only by its id (a saved form): named from the id until a search shows more. */
export function assetOptionOfId(uniqueId: string, name?: string): PickerOption {
  return { value: uniqueId, label: name ?? assetNameOfId(uniqueId), badge: uniqueId.split('.')[0] };
}

/** The assets dbt builds or reads; exposures and metrics are asked for by the forms that take them. */
export const ASSET_KINDS: readonly SearchableKind[] = ['model', 'source', 'seed', 'snapshot'];

type AssetPickerProps = Omit<ChoicePickerProps, 'options' | 'onText' | 'status' | 'allowTyped'> & {
  /** Which kinds of node may be chosen (never columns). */
  kinds?: readonly SearchableKind[];
};

export function AssetPicker({ kinds = ASSET_KINDS, placeholder = 'Type a name, e.g. orders', ...props }: AssetPickerProps) {
  const [text, setText] = useState('');
  const typed = text.trim();
  const asked = useDebounced(typed, 200);
  const query = new URLSearchParams({ q: asked, limit: '10' });
  for (const kind of kinds) if (kind !== 'column') query.append('kind', kind);
  const search = useSearchCatalogQuery(asked ? query.toString() : skipToken);
  const settled = asked === typed && !search.isFetching;
  const options = typed && settled ? (search.currentData?.hits ?? []).filter((hit) => hit.column === null).map(assetOption) : [];
  const status = !typed
    ? undefined
    : search.isError && settled
      ? 'The search failed; try again.'
      : !settled
        ? 'Searching…'
        : options.length === 0
          ? `No asset named like “${typed}”.`
          : `${options.length} ${options.length === 1 ? 'asset' : 'assets'} found; use the arrow keys to choose.`;
  return <ChoicePicker {...props} placeholder={placeholder} options={options} onText={setText} status={status} />;
}
