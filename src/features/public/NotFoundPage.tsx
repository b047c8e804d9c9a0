import { Link } from 'react-router-dom';
import { StatusPage } from '../../components/StatusPage';

export default function NotFoundPage() {
  return (
    <StatusPage title="Page not found" code="404">
      <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <Link className="btn btn-primary" to="/">
        Go to Dataworks
      </Link>
    </StatusPage>
  );
}
