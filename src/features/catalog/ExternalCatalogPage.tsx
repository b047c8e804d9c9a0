// /app/Data-Catalog/:subDomain/:subSubDomain?: a deep link into the organisation's external
// catalog (for example OpenMetadata). With one configured (the organisation's Catalog Settings,
// else the portal's CATALOG_URL) it opens there at the same path; without one, the matching page
// of the portal's own catalog is shown here. Only path segments are appended to the configured
// address, each encoded: the link can never lead anywhere but the configured catalog.
import { lazy, Suspense, useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { appPaths } from '@common/paths';
import { useGetExternalCatalogLinkQuery } from '../../api/catalogAlertsApi';
import { getRuntimeConfig } from '../../config/currentConfig';
import { LoadingState } from '../../components/LoadingState';

const builtIn = {
  explore: lazy(() => import('./ExplorePage')),
  lineage: lazy(() => import('./LineagePage')),
  assets: lazy(() => import('./AssetsPage')),
} as const;

/** Which built-in page answers a sub-domain of the external catalog's addresses. */
export function builtInPageFor(subDomain: string): keyof typeof builtIn {
  const name = subDomain.toLowerCase();
  if (name.includes('lineage')) return 'lineage';
  if (['assets', 'tables', 'table', 'datasets', 'data-assets'].includes(name)) return 'assets';
  return 'explore';
}

export function externalCatalogUrl(base: string, subDomain: string, subSubDomain?: string): string {
  const root = base.endsWith('/') ? base : `${base}/`;
  // "." and ".." would climb out of the configured path (URLs resolve them even encoded).
  const segments = [subDomain, subSubDomain]
    .filter((segment): segment is string => Boolean(segment) && segment !== '.' && segment !== '..')
    .map(encodeURIComponent);
  return new URL(segments.join('/'), root).toString();
}

export default function ExternalCatalogPage() {
  const { subDomain = '', subSubDomain } = useParams();
  const link = useGetExternalCatalogLinkQuery();
  // Should the organisation's link not load, the portal's own setting still leads somewhere.
  const base = link.isLoading ? null : link.data ? link.data.url : getRuntimeConfig().catalogUrl || null;
  const target = base ? externalCatalogUrl(base, subDomain, subSubDomain) : null;

  useEffect(() => {
    if (target) window.location.assign(target);
  }, [target]);

  if (link.isLoading) {
    return (
      <>
        <h1 className="h3">Data Catalog</h1>
        <LoadingState label="Opening the data catalog…" />
      </>
    );
  }

  if (target) {
    return (
      <section aria-labelledby="external-catalog-title">
        <h1 id="external-catalog-title" className="h3">
          Opening the data catalog
        </h1>
        <p>
          Your organisation&apos;s catalog opens at <a href={target}>{target}</a>. If nothing happens, follow that link.
        </p>
        <p className="small">
          <Link to={appPaths.catalogExplore}>Search the portal&apos;s own catalog instead</Link>
        </p>
      </section>
    );
  }
  const Page = builtIn[builtInPageFor(subDomain)];
  return (
    <>
      <p className="small text-body-secondary mb-2" role="note">
        No external catalog is configured, so the portal&apos;s own catalog answers this link.
      </p>
      {/* The page's own heading replaces this one as soon as its chunk arrives. */}
      <Suspense
        fallback={
          <>
            <h1 className="h3">Data Catalog</h1>
            <LoadingState label="Loading the catalog…" />
          </>
        }
      >
        <Page />
      </Suspense>
    </>
  );
}
