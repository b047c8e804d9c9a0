// Page controls under a DataTable: where the reader is ("Rows 11–20 of 45"), moving between
// pages and choosing how many rows a page holds. Hidden when every row fits on one small page.
import { useId } from 'react';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

interface TablePagerProps {
  caption: string;
  pageIndex: number;
  pageSize: number;
  rowCount: number;
  onPageIndex: (index: number) => void;
  onPageSize: (size: number) => void;
}

export function TablePager({ caption, pageIndex, pageSize, rowCount, onPageIndex, onPageSize }: TablePagerProps) {
  const sizeId = useId();
  if (rowCount <= PAGE_SIZES[0]) return null;
  const pageCount = Math.max(1, Math.ceil(rowCount / pageSize));
  const first = pageIndex * pageSize + 1;
  const last = Math.min(rowCount, first + pageSize - 1);
  const atStart = pageIndex === 0;
  const atEnd = pageIndex >= pageCount - 1;

  return (
    <nav className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-2" aria-label={`Pages of ${caption}`}>
      <p className="mb-0 small text-body-secondary" aria-live="polite">
        Rows {first}–{last} of {rowCount}, page {pageIndex + 1} of {pageCount}
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <label className="small text-body-secondary" htmlFor={sizeId}>
          Rows per page
        </label>
        <select
          id={sizeId}
          className="form-select form-select-sm w-auto"
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <div className="btn-group btn-group-sm">
          <button type="button" className="btn btn-outline-secondary" onClick={() => onPageIndex(0)} disabled={atStart}>
            First
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={() => onPageIndex(pageIndex - 1)} disabled={atStart}>
            Previous
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={() => onPageIndex(pageIndex + 1)} disabled={atEnd}>
            Next
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={() => onPageIndex(pageCount - 1)} disabled={atEnd}>
            Last
          </button>
        </div>
      </div>
    </nav>
  );
}
