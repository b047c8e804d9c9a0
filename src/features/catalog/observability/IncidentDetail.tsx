// One incident: what failed and on which asset (by name, opening its page), its state, the moves
// (for those who may make them) and its timeline of status changes and test runs, newest first.
import { Link } from 'react-router-dom';
import { mayChangeIncidents, resolutionReasonLabels } from '@common/catalog-quality/incidentRules';
import type { IncidentEvent } from '@common/catalog-quality/incidentsContract';
import { appPaths } from '@common/paths';
import { useGetIncidentQuery } from '../../../api/catalogQualityApi';
import { selectRealmRoles } from '../../../auth';
import { DateTimeText } from '../../../components/DateTimeText';
import { formatCount } from '../../../components/format';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { useAppSelector } from '../../../state/hooks';
import { IncidentActions } from './IncidentActions';
import { IncidentAssetLink } from './IncidentAssetLink';
import { IncidentStateBadge } from './StatusBadge';

function eventText(event: IncidentEvent): string {
  const details = event.details;
  switch (event.type) {
    case 'opened':
      return `Opened: the run answered ${String(details.status)}${typeof details.failures === 'number' ? ` with ${formatCount(details.failures)} failing rows` : ''}`;
    case 'failed':
      return `Failed again: ${String(details.status)}${typeof details.failures === 'number' ? ` with ${formatCount(details.failures)} failing rows` : ''}`;
    case 'passed':
      return 'Passing again in a later run';
    case 'acknowledged':
      return 'Acknowledged';
    case 'assigned':
      return `Assigned to ${String(details.assignee)}`;
    case 'resolved':
      return `Resolved: ${resolutionReasonLabels[details.reason as keyof typeof resolutionReasonLabels] ?? String(details.reason)}${details.comment ? ` — ${String(details.comment)}` : ''}`;
    case 'reopened':
      return `Reopened${details.comment ? ` — ${String(details.comment)}` : ''}`;
    case 'severity':
      return `Severity ${String(details.from)} → ${String(details.to)}`;
    default:
      return event.type;
  }
}

export function IncidentDetail({ id }: { id: string }) {
  const incidentQuery = useGetIncidentQuery(id);
  const mayChange = mayChangeIncidents(useAppSelector(selectRealmRoles));
  return (
    <div id="incident-detail">
      <QueryResult query={incidentQuery} loadingLabel="Loading the incident…" errorTitle="The incident could not be loaded">
        {({ incident, timeline }) => (
          <Panel
            title={`Incident: ${incident.name}`}
            description={incident.kind === 'freshness' ? 'A source freshness error.' : 'A failing dbt test.'}
          >
            <dl className="row small mb-3">
              <dt className="col-sm-3">State</dt>
              <dd className="col-sm-9">
                <IncidentStateBadge state={incident.state} />{' '}
                {incident.passingSince && incident.state !== 'resolved' ? (
                  <span className="badge text-bg-success ms-1">Passing again</span>
                ) : null}
              </dd>
              <dt className="col-sm-3">Asset</dt>
              <dd className="col-sm-9">
                <IncidentAssetLink incident={incident} />
              </dd>
              <dt className="col-sm-3">Severity</dt>
              <dd className="col-sm-9">{incident.severity}</dd>
              <dt className="col-sm-3">Failing runs</dt>
              <dd className="col-sm-9">{formatCount(incident.failureCount)}</dd>
              <dt className="col-sm-3">Assignee</dt>
              <dd className="col-sm-9">{incident.assignee?.username ?? '–'}</dd>
              {incident.lastMessage ? (
                <>
                  <dt className="col-sm-3">Last message</dt>
                  <dd className="col-sm-9">{incident.lastMessage}</dd>
                </>
              ) : null}
              {incident.kind === 'test' ? (
                <>
                  <dt className="col-sm-3">Test history</dt>
                  <dd className="col-sm-9">
                    <Link to={`${appPaths.catalogDataQuality}?test=${encodeURIComponent(incident.subjectId)}#test-detail`}>
                      Open in Data Quality
                    </Link>
                  </dd>
                </>
              ) : null}
            </dl>
            {mayChange ? (
              <IncidentActions key={`${incident.id}-${incident.state}`} incident={incident} />
            ) : (
              <p className="small text-body-secondary">Your role may look at incidents but not change them.</p>
            )}
            <h3 className="h6">Timeline</h3>
            <ol className="dw-timeline" aria-label="Timeline">
              {timeline.map((event, index) => (
                <li key={index}>
                  <div className="small text-body-secondary">
                    <DateTimeText iso={event.at} />
                    {event.actor ? ` · ${event.actor}` : ''}
                  </div>
                  <div>{eventText(event)}</div>
                </li>
              ))}
            </ol>
          </Panel>
        )}
      </QueryResult>
    </div>
  );
}
