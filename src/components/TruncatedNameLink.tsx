// A link naming a row in a table, cut to the column's width when the name is long. The full name
// is its title (hover) and shows in full while the link has keyboard focus. The cell holding it
// takes NAME_CELL_CLASS so the column keeps a minimum width.
import { Link, type To } from 'react-router-dom';
import './truncatedName.css';

/** Classes of a table cell that holds a TruncatedNameLink. */
export const NAME_CELL_CLASS = 'dw-name-cell';

export function TruncatedNameLink({ to, name }: { to: To; name: string }) {
  return (
    <Link to={to} className="dw-truncated-name" title={name}>
      {name}
    </Link>
  );
}
