// /app/integrations/add-connector: a managed connector from the catalog, or a custom one.
import { Link } from 'react-router-dom';
import { appPaths } from '@common/paths';

export default function AddConnectorPage() {
  return (
    <>
      <h1 className="h3">Add a connector</h1>
      <p className="text-body-secondary mb-4">Bring data from another system into your warehouse.</p>
      <div className="row g-3">
        <section className="col-md-6" aria-labelledby="managed-title">
          <div className="card h-100">
            <div className="card-body">
              <h2 className="h5" id="managed-title">
                Managed connector
              </h2>
              <p>Choose a ready-made connector from the catalog, fill in its settings and pick the streams to copy.</p>
              <Link className="btn btn-primary" to={appPaths.addConnectorManaged}>
                Browse the catalog
              </Link>
            </div>
          </div>
        </section>
        <section className="col-md-6" aria-labelledby="custom-title">
          <div className="card h-100">
            <div className="card-body">
              <h2 className="h5" id="custom-title">
                Custom connector
              </h2>
              <p>
                Describe an HTTP API in the page (address, authentication, streams, pages), or use a program your administrator registered.
              </p>
              <Link className="btn btn-outline-primary" to={appPaths.addConnectorCustom}>
                Build a custom connector
              </Link>
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
