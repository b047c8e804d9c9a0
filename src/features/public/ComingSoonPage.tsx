import { Link } from 'react-router-dom';
import { StatusPage } from '../../components/StatusPage';

export default function ComingSoonPage() {
  return (
    <StatusPage title="Coming soon" code="Soon">
      <p>This part of Dataworks is being prepared and will open shortly.</p>
      <Link className="btn btn-primary" to="/">
        Go to Dataworks
      </Link>
    </StatusPage>
  );
}
