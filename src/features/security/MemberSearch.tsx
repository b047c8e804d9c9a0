// Searching the organisation's members by username, e-mail or name; kept in the address
// (`?search=`) so the list can be linked and survives a reload.
import { useSearchParams } from 'react-router-dom';
import { SearchBar, withSearchParam } from '../../components/SearchBar';

const SEARCH_MAX = 100;

export function MemberSearch() {
  const [params, setParams] = useSearchParams();
  return (
    <SearchBar
      label="Search members"
      placeholder="Search by username, e-mail or name"
      initial={params.get('search') ?? ''}
      check={(value) => (value.trim().length > SEARCH_MAX ? `Search for at most ${SEARCH_MAX} characters.` : undefined)}
      // A new search may not list the member that was open.
      onSearch={(value) => setParams((current) => withSearchParam(current, 'search', value, ['member']))}
    />
  );
}
