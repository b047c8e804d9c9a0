import { useEffect, useState } from 'react';
import type { MenuDashboard } from '../../menu';
import { sandboxFor } from './dashboardEmbedding';

/** After this long without the page loading, offer to open it in a tab of its own. */
const SLOW_LOAD_MS = 15_000;

/** One configured dashboard in a sandboxed frame, with a loading state over it. */
export function DashboardFrame({ dashboard }: { dashboard: MenuDashboard }) {
  const [loaded, setLoaded] = useState(false);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_LOAD_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div className="dw-viewer-frame-wrap">
      {loaded ? null : (
        <div className="dw-viewer-loading" role="status">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          <span>
            {slow ? 'The dashboard is taking a long time to load. You can open it in a new tab instead.' : `Loading ${dashboard.name}…`}
          </span>
        </div>
      )}
      <iframe
        className="dw-viewer-frame"
        title={`Dashboard: ${dashboard.name}`}
        src={dashboard.url}
        sandbox={sandboxFor(dashboard.url, window.location.origin)}
        referrerPolicy="no-referrer"
        onLoad={() => setLoaded(true)}
      />
    </div>
  );
}
