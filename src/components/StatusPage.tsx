import type { ReactNode } from 'react';

interface StatusPageProps {
  title: string;
  /** A short badge above the title ("404", "Offline"…). */
  code?: string;
  children?: ReactNode;
}

/** A full-page message: not found, maintenance, offline, errors. */
export function StatusPage({ title, code, children }: StatusPageProps) {
  return (
    <main className="dw-status-page" id="main-content">
      <div className="dw-status-card">
        {code ? <p className="dw-status-code">{code}</p> : null}
        <h1 className="h3">{title}</h1>
        <div className="dw-status-body">{children}</div>
      </div>
    </main>
  );
}
