// A search form: one labelled search field and its button, checked before it is sent, so a
// search the server would refuse is said at the field instead. Lists keep the search in the
// address; `withSearchParam` writes it there.
import { useState, type FormEvent, type Ref } from 'react';
import { FormField } from './FormField';

interface SearchBarProps {
  /** The field's label; hidden, as the button and placeholder say it already. */
  label: string;
  placeholder: string;
  /** The search the field starts with, e.g. the one in the address. */
  initial: string;
  /** What is wrong with a search, in words, or nothing. */
  check: (value: string) => string | undefined;
  /** Called with the trimmed search once it passes the check. */
  onSearch: (value: string) => void;
  /** The form's accessible name, where a page has more than one search. */
  formLabel?: string;
  className?: string;
  fieldClassName?: string;
  buttonClassName?: string;
  inputRef?: Ref<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>;
  autoFocus?: boolean;
}

export function SearchBar({
  label,
  placeholder,
  initial,
  check,
  onSearch,
  formLabel,
  className = 'd-flex flex-wrap align-items-start gap-2 mb-3',
  fieldClassName = 'flex-grow-1',
  buttonClassName = 'btn btn-outline-primary',
  inputRef,
  autoFocus,
}: SearchBarProps) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(value);
    setError(found);
    if (!found) onSearch(value.trim());
  };

  return (
    <form role="search" aria-label={formLabel} className={className} onSubmit={submit} noValidate>
      <FormField
        ref={inputRef}
        className={fieldClassName}
        label={label}
        labelClassName="visually-hidden"
        type="search"
        placeholder={placeholder}
        value={value}
        onValue={setValue}
        error={error}
        autoFocus={autoFocus}
      />
      <button type="submit" className={buttonClassName}>
        Search
      </button>
    </form>
  );
}

/**
 * The address with `name` set to a search (or dropped when it is empty), and the parameters a
 * new search makes stale (a page number, a chosen row) dropped.
 */
export function withSearchParam(current: URLSearchParams, name: string, value: string, clears: readonly string[] = []): URLSearchParams {
  const next = new URLSearchParams(current);
  if (value) next.set(name, value);
  else next.delete(name);
  for (const stale of clears) next.delete(stale);
  return next;
}
