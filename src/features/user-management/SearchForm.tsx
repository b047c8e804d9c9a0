// Searching a list by name: the search is kept in the address (`?search=`), checked here as
// the server would check it.
import { useSearchParams } from 'react-router-dom';
import { searchError } from '../../api/warehouseInput';
import { SearchBar, withSearchParam } from '../../components/SearchBar';

export function SearchForm({ label, placeholder }: { label: string; placeholder: string }) {
  const [params, setParams] = useSearchParams();
  return (
    <SearchBar
      label={label}
      placeholder={placeholder}
      initial={params.get('search') ?? ''}
      check={searchError}
      onSearch={(value) => setParams((current) => withSearchParam(current, 'search', value))}
      fieldClassName="flex-grow-1 dw-search-field"
    />
  );
}
