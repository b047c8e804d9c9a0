// One section of a settings page: a titled card that loads its settings and, once they are
// there, shows the form made from them (QueryResult says loading and failure the usual way).
import type { ReactNode } from 'react';
import { Panel } from './Panel';
import { QueryResult, type ReadQuery } from './QueryResult';

interface SettingsSectionProps<T> {
  title: string;
  description?: ReactNode;
  /** The heading's id, for a form inside that is named by it. */
  titleId?: string;
  query: ReadQuery<T>;
  /**
   * Keep showing the form while the settings are read again (after a save invalidates them),
   * so it does not lose its place or its "Saved." note.
   */
  keepWhileRefetching?: boolean;
  loadingLabel?: string;
  errorTitle?: string;
  children: (data: T) => ReactNode;
}

export function SettingsSection<T>({
  title,
  description,
  titleId,
  query,
  keepWhileRefetching = false,
  loadingLabel = 'Loading the settings…',
  errorTitle = 'The settings could not be loaded',
  children,
}: SettingsSectionProps<T>) {
  return (
    <Panel title={title} description={description} titleId={titleId}>
      <QueryResult query={query} keepWhileRefetching={keepWhileRefetching} loadingLabel={loadingLabel} errorTitle={errorTitle}>
        {children}
      </QueryResult>
    </Panel>
  );
}
