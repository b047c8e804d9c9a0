// What a route shows when its screen cannot be shown. Lives in the initial bundle on purpose:
// it must render when loading a chunk is the very thing that failed.
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { StatusPage } from '../components/StatusPage';
import { isChunkLoadError } from './lazyChunk';
import { SignInUnavailableError } from './guards';

/** @param inShell the screen failed inside the signed-in shell, whose <main> holds this page */
export function RouteErrorPage({ inShell = false }: { inShell?: boolean }) {
  const error = useRouteError();

  if (isChunkLoadError(error)) {
    return (
      <StatusPage inShell={inShell} title="A new version of Dataworks is available" code="Update">
        <p>This page could not be loaded, most likely because Dataworks was updated while it was open.</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </StatusPage>
    );
  }

  if (error instanceof SignInUnavailableError) {
    return (
      <StatusPage inShell={inShell} title="Sign-in is unavailable" code="Sign-in">
        <p>{error.message}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Try again
        </button>
      </StatusPage>
    );
  }

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <StatusPage inShell={inShell} title="Page not found" code="404">
        <Link className="btn btn-primary" to="/">
          Go to Dataworks
        </Link>
      </StatusPage>
    );
  }

  console.error('Unexpected error while showing a page', error);
  return (
    <StatusPage inShell={inShell} title="Something went wrong" code="Error">
      <p>The page could not be shown. Reloading usually helps; if it does not, contact support.</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </StatusPage>
  );
}
