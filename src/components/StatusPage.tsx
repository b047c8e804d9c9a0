import type { ReactNode } from 'react';

interface StatusPageProps {
  title: string;
  /** A short badge above the title ("404", "Offline"…). */
  code?: string;
  children?: ReactNode;
  /**
   * Shown inside the signed-in shell, whose <main> already holds it: a plain region then, so the
   * page keeps one main landmark and one skip-link target.
   */
  inShell?: boolean;
}

/** A full-page message: not found, maintenance, offline, errors. */
export function StatusPage({ title, code, children, inShell = false }: StatusPageProps) {
  const card = (
    <div className="dw-status-card">
      {code ? <p className="dw-status-code">{code}</p> : null}
      <h1 className="h3">{title}</h1>
      <div className="dw-status-body">{children}</div>
    </div>
  );
  if (inShell) return <div className="dw-status-page dw-status-page-in-shell">{card}</div>;
  return (
    <main className="dw-status-page" id="main-content">
      {card}
    </main>
  );
}
