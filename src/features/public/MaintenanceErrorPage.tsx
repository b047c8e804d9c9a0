import { Link } from 'react-router-dom';
import { StatusPage } from '../../components/StatusPage';

export default function MaintenanceErrorPage() {
  return (
    <StatusPage title="Something went wrong" code="Error">
      <p>Dataworks ran into a problem. Please try again in a moment; if it keeps happening, contact support.</p>
      <Link className="btn btn-primary" to="/">
        Try again
      </Link>
    </StatusPage>
  );
}
