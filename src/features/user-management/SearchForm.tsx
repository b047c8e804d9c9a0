// Searching a list by name: the search is kept in the address (`?search=`), checked here as
// the server would check it.
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { searchError } from '../../api/warehouseInput';
import { FormField } from '../../components/FormField';

export function SearchForm({ label, placeholder }: { label: string; placeholder: string }) {
  const [params, setParams] = useSearchParams();
  const [value, setValue] = useState(params.get('search') ?? '');
  const [error, setError] = useState<string | undefined>();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = searchError(value);
    setError(found);
    if (found) return;
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value.trim()) next.set('search', value.trim());
      else next.delete('search');
      return next;
    });
  };

  return (
    <form role="search" className="d-flex flex-wrap align-items-start gap-2 mb-3" onSubmit={submit} noValidate>
      <FormField
        id={id}
        className="flex-grow-1 dw-search-field"
        label={label}
        labelClassName="visually-hidden"
        type="search"
        placeholder={placeholder}
        value={value}
        onValue={setValue}
        error={error}
      />
      <button type="submit" className="btn btn-outline-primary">
        Search
      </button>
    </form>
  );
}
