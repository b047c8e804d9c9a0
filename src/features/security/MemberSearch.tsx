// Searching the organisation's members by username, e-mail or name; kept in the address
// (`?search=`) so the list can be linked and survives a reload.
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FormField } from '../../components/FormField';

const SEARCH_MAX = 100;

export function MemberSearch() {
  const [params, setParams] = useSearchParams();
  const [value, setValue] = useState(params.get('search') ?? '');
  const [error, setError] = useState<string | undefined>();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (trimmed.length > SEARCH_MAX) {
      setError(`Search for at most ${SEARCH_MAX} characters.`);
      return;
    }
    setError(undefined);
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (trimmed) next.set('search', trimmed);
      else next.delete('search');
      next.delete('member');
      return next;
    });
  };

  return (
    <form role="search" className="d-flex flex-wrap align-items-start gap-2 mb-3" onSubmit={submit} noValidate>
      <FormField
        id={id}
        className="flex-grow-1"
        label="Search members"
        labelClassName="visually-hidden"
        type="search"
        placeholder="Search by username, e-mail or name"
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
