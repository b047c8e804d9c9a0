// /app/data-catalog/observability/alerts: rules that turn what happens to the data (failing
// tests, stale sources, incident moves, failed syncs, cost anomalies) into in-app notices,
// e-mail and Slack-compatible webhooks, and the log of every delivery.
import { Link } from 'react-router-dom';
import { canOpen } from '@common/access/access';
import { appPaths } from '@common/paths';
import { selectRealmRoles } from '../../../auth';
import { useAppSelector } from '../../../state/hooks';
import { AlertRules } from './AlertRules';
import { DeliveryLog } from './DeliveryLog';
import '../catalog.css';

export default function AlertsPage() {
  const roles = useAppSelector(selectRealmRoles);
  return (
    <>
      <h1 className="h3 mb-1">Alerts</h1>
      <p className="text-body-secondary mb-4">
        Be told when something happens to your data, where you want it: your inbox, e-mail or a Slack channel.{' '}
        {canOpen(roles, 'catalogSettings') ? (
          <>
            Where webhooks may go is set in the <Link to={appPaths.catalogSettings}>Catalog Settings</Link>.
          </>
        ) : (
          'Your catalog admins set where webhooks may go.'
        )}
      </p>
      <AlertRules />
      <DeliveryLog />
    </>
  );
}
