// One configured dashboard in a sandboxed frame, with a loading state over it (the page's header
// always offers "Open in a new tab": a site may refuse to be shown inside other pages, with its
// X-Frame-Options or frame-ancestors, which the portal cannot see from outside the frame).
// What the portal can see is its own refusal: the page's Content-Security-Policy lists the
// dashboards' origins as they were when it loaded, so a dashboard added from a new site since
// is blocked until a reload. That refusal is caught and said in words, with the reload.
import { useEffect, useState } from 'react';
import type { MenuDashboard } from '../../menu';
import { sandboxFor } from './dashboardEmbedding';

/** After this long without the page loading, say it may be refusing to be shown here. */
const SLOW_LOAD_MS = 15_000;

/** Whether a CSP violation report is the portal's own frame-src blocking `url`. */
export function isFrameRefusal(event: Pick<SecurityPolicyViolationEvent, 'effectiveDirective' | 'blockedURI'>, url: string): boolean {
  if (event.effectiveDirective !== 'frame-src' && event.effectiveDirective !== 'child-src') return false;
  try {
    return event.blockedURI !== '' && new URL(event.blockedURI, window.location.href).origin === new URL(url).origin;
  } catch {
    return false;
  }
}

function useRefusedByPortal(url: string): boolean {
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (isFrameRefusal(event, url)) setRefused(true);
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, [url]);
  return refused;
}

function OpenInNewTab({ dashboard, className }: { dashboard: MenuDashboard; className: string }) {
  return (
    <a href={dashboard.url} target="_blank" rel="noopener noreferrer" className={className}>
      Open {dashboard.name} in a new tab
    </a>
  );
}

export function DashboardFrame({ dashboard }: { dashboard: MenuDashboard }) {
  const [loaded, setLoaded] = useState(false);
  const [slow, setSlow] = useState(false);
  const refused = useRefusedByPortal(dashboard.url);

  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_LOAD_MS);
    return () => clearTimeout(timer);
  }, []);

  if (refused)
    return (
      <div className="alert alert-warning" role="alert">
        <p className="fw-semibold mb-1">This dashboard can&apos;t be shown inside the portal yet.</p>
        <p className="mb-2">
          Its site was added after this page loaded, and the portal only frames the sites it knew then. Reload the page to show it here, or
          open it in a new tab.
        </p>
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary btn-sm" onClick={() => window.location.reload()}>
            Reload the page
          </button>
          <OpenInNewTab dashboard={dashboard} className="btn btn-outline-secondary btn-sm" />
        </div>
      </div>
    );

  return (
    <div className="dw-viewer-frame-wrap">
      {loaded ? null : (
        <div className="dw-viewer-loading" role="status">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          <span>
            {slow
              ? 'The dashboard has not loaded after 15 seconds: its site may refuse to be shown inside other pages. Open it in a new tab instead.'
              : `Loading ${dashboard.name}…`}
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
