// While a preview of someone else's layout is on, every page says so at the top, with the way back.
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { endLayoutPreview, selectLayoutPreview } from './layoutPreviewSlice';

export function LayoutPreviewBanner() {
  const dispatch = useAppDispatch();
  const preview = useAppSelector(selectLayoutPreview);
  if (!preview) return null;
  return (
    <section className="alert alert-info d-flex flex-wrap align-items-center gap-2 py-2 mb-3" aria-label="Layout preview">
      <span className="flex-grow-1">
        You are seeing the layout of <strong>{preview.owner}</strong>. It is not saved, and ends when you return or close this tab.
      </span>
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => dispatch(endLayoutPreview())}>
        Return to my layout
      </button>
    </section>
  );
}
