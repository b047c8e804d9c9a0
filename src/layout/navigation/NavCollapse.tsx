import { useRef, type KeyboardEvent } from 'react';
import { ChevronDown } from 'react-bootstrap-icons';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import type { MenuItem } from '../../menu/menuTypes';
import { layoutActions, selectLayout } from '../layoutSlice';
import { NavIcon } from './NavIcon';
import { NavItem } from './NavItem';

interface NavCollapseProps {
  item: MenuItem;
  /** Nested collapses ("sub") open alongside their parent; top-level ones are an accordion. */
  nested: boolean;
  onNavigate: (item: MenuItem) => void;
}

export function NavCollapse({ item, nested, onNavigate }: NavCollapseProps) {
  const dispatch = useAppDispatch();
  const { isOpen, isTrigger } = useAppSelector(selectLayout);
  const type = nested ? 'sub' : 'collapse';
  const expanded = isTrigger.includes(item.id);
  const active = isOpen.includes(item.id);
  const listId = `dw-nav-${item.id}`;
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Escape inside an open section closes it and puts focus back on its button (the way out of
  // a horizontal menu's drop-down); the menu overlay on narrow windows closes on the next one.
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key !== 'Escape' || !expanded) return;
    event.preventDefault();
    event.stopPropagation();
    dispatch(layoutActions.toggleMenuItem({ id: item.id, type }));
    buttonRef.current?.focus();
  };

  return (
    <li
      className={`dw-nav-item dw-nav-collapse${expanded ? ' is-expanded' : ''}${active ? ' is-active' : ''}`}
      onMouseLeave={() => dispatch(layoutActions.leaveCollapsedSubMenu({ id: item.id, type }))}
      onKeyDown={onKeyDown}
    >
      <button
        ref={buttonRef}
        type="button"
        className="dw-nav-link"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => dispatch(layoutActions.toggleMenuItem({ id: item.id, type }))}
      >
        <NavIcon icon={item.icon} />
        <span className="dw-nav-text">{item.title}</span>
        <ChevronDown className="dw-nav-caret" size={12} aria-hidden />
      </button>
      <ul id={listId} className="dw-nav-sub list-unstyled" hidden={!expanded}>
        {(item.children ?? []).map((child) =>
          child.type === 'collapse' ? (
            <NavCollapse key={child.id} item={child} nested onNavigate={onNavigate} />
          ) : (
            <NavItem key={child.id} item={child} onNavigate={onNavigate} />
          ),
        )}
      </ul>
    </li>
  );
}
