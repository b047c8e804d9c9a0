import { Link } from 'react-router-dom';
import { publicPaths } from '@common/paths';

const highlights = [
  { title: 'One sign-in', text: 'Reach your catalog, dashboards, pipelines and warehouse through your organisation’s single sign-on.' },
  { title: 'Know your data', text: 'Browse the data catalog, follow lineage, and see how fresh each source is.' },
  { title: 'Control the bill', text: 'See what your Snowflake account costs, why, and what to change to spend less.' },
  { title: 'Manage access', text: 'Decide who may use the warehouse and with which roles, with every change audited.' },
];

export default function LandingPage() {
  return (
    <main className="dw-landing" id="main-content">
      <header className="dw-landing-hero">
        <p className="dw-landing-brand">Dataworks</p>
        <h1>Your data platform, in one place.</h1>
        <p className="lead">
          Dataworks is the portal through which your organisation uses its data platform: the catalog, dashboards,
          data pipelines and their freshness, connectors, warehouse costs and access, and support.
        </p>
        <Link to={publicPaths.login} className="btn btn-light btn-lg">
          Sign in
        </Link>
      </header>
      <section aria-label="What Dataworks offers" className="dw-landing-grid">
        {highlights.map((item) => (
          <article key={item.title} className="card dw-card">
            <div className="card-body">
              <h2 className="h5">{item.title}</h2>
              <p className="mb-0 text-body-secondary">{item.text}</p>
            </div>
          </article>
        ))}
      </section>
    </main>
  );
}
