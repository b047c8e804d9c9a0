import { Gear, List } from 'react-bootstrap-icons';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LoadingSpinner } from '../progress/LoadingIndicator';
import { layoutActions, selectLayout } from '../layoutSlice';
import { UserMenu } from './UserMenu';

interface HeaderProps {
  menuOpen: boolean;
}

export function Header({ menuOpen }: HeaderProps) {
  const dispatch = useAppDispatch();
  const { configBlock } = useAppSelector(selectLayout);
  return (
    <header className="dw-header">
      <button
        type="button"
        className="dw-header-button"
        aria-label={menuOpen ? 'Collapse menu' : 'Expand menu'}
        aria-expanded={menuOpen}
        onClick={() => dispatch(layoutActions.collapseMenu())}
      >
        <List size={22} aria-hidden />
      </button>
      <span className="dw-header-brand">Dataworks</span>
      <div className="dw-header-end">
        <button
          type="button"
          className="dw-header-button"
          aria-label="Layout settings"
          aria-expanded={configBlock}
          onClick={() => dispatch(layoutActions.toggleConfigBlock())}
        >
          <Gear size={18} aria-hidden />
        </button>
        <UserMenu />
        <LoadingSpinner />
      </div>
    </header>
  );
}
