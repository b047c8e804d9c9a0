// A searched list shown as cards (questions, articles): a heading for assistive technology, the
// count said politely as it changes, and either the cards or what to do when there are none.
import type { ReactNode } from 'react';

interface CardListProps<Item> {
  /** The heading's id and words; the heading is read by assistive technology only. */
  titleId: string;
  title: string;
  /** How many there are, in words, e.g. `12 questions match "dbt"`. */
  count: ReactNode;
  items: readonly Item[];
  itemKey: (item: Item) => string;
  /** Shown instead of the cards when there are none. */
  empty: ReactNode;
  /** Classes of each card's body. */
  bodyClassName?: string;
  children: (item: Item) => ReactNode;
}

export function CardList<Item>({
  titleId,
  title,
  count,
  items,
  itemKey,
  empty,
  bodyClassName = 'card-body',
  children,
}: CardListProps<Item>) {
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        {title}
      </h2>
      <p className="small text-body-secondary" aria-live="polite">
        {count}
      </p>
      {items.length === 0 ? (
        empty
      ) : (
        <ul className="list-unstyled">
          {items.map((item) => (
            <li key={itemKey(item)} className="card dw-card mb-2">
              <div className={bodyClassName}>{children(item)}</div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
