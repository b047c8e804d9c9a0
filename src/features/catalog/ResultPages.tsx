// Previous / next through a server-paged list whose page is kept in the address (`?page=`).
import { useSearchParams } from 'react-router-dom';
import { currentPage, PAGE_SIZE } from './searchParams';

export function ResultPages({ total, label }: { total: number; label: string }) {
  const [params, setParams] = useSearchParams();
  const page = currentPage(params);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages <= 1) return null;
  const goTo = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next === 1) copy.delete('page');
      else copy.set('page', String(next));
      return copy;
    });
  return (
    <nav aria-label={label} className="d-flex align-items-center gap-2">
      <button type="button" className="btn btn-outline-secondary btn-sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
        Previous
      </button>
      <span className="small">
        Page {page} of {pages}
      </span>
      <button type="button" className="btn btn-outline-secondary btn-sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
        Next
      </button>
    </nav>
  );
}
