import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { canOpen } from '@common/access/access';
import { useGetMonthToDateQuery, useGetWarehouseInfoQuery } from '../../api/warehouseApi';
import { formatMoney } from '../../components/format';
import { Link } from 'react-router-dom';
import { displayName, selectRealmRoles, selectSession } from '../../auth';
import { useAppSelector } from '../../state/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import { openableRecentPages } from '../../layout';
import { firstUrl, OPTIMIZE_MENU_ID, useMenu, useMenuDashboards, VIEWER_MENU_ID } from '../../menu';
import { NeedsAttention } from './NeedsAttention';
import { RecentPages } from './RecentPages';

/** Optimize's figure: this month's warehouse spend so far, asked only of those who may see it. */
function useSpendFigure(roles: readonly string[]): string | undefined {
  const allowed = canOpen(roles, 'snowflakeCost');
  const info = useGetWarehouseInfoQuery(allowed ? undefined : skipToken);
  const spend = useGetMonthToDateQuery(allowed ? undefined : skipToken);
  const monthToDate = spend.data?.monthToDate;
  // A figure is a nicety: any answer not of the expected shape simply shows none.
  const currency = info.data?.info?.currency;
  if (typeof monthToDate?.monthToDateCost !== 'number' || !currency) return undefined;
  return `${formatMoney(monthToDate.monthToDateCost, currency)} this month${info.data?.info?.sample ? ' (sample data)' : ''}`;
}

/** The one live figure an area has so far; nothing (not 0) while unknown. */
function useAreaFigures(roles: readonly string[]): Record<string, string> {
  const { status, dashboards } = useMenuDashboards();
  const spend = useSpendFigure(roles);
  const figures: Record<string, string> = {};
  if (status === 'loaded') figures[VIEWER_MENU_ID] = `${dashboards.length} ${dashboards.length === 1 ? 'dashboard' : 'dashboards'}`;
  if (spend) figures[OPTIMIZE_MENU_ID] = spend;
  return figures;
}

export default function HomePage() {
  const session = useAppSelector(selectSession);
  const roles = useAppSelector(selectRealmRoles);
  const { status: menuStatus, error: menuError, retry } = useMenuDashboards();
  const menu = useMenu();
  const figures = useAreaFigures(roles);
  const areas = (menu?.children ?? []).filter((item) => item.id !== 'home');
  const subject = session?.tokenParsed.sub;
  const recent = useMemo(() => (subject ? openableRecentPages(subject, roles) : []), [subject, roles]);

  return (
    <>
      <h1 className="h3 mb-1">Hello, {displayName(session)}</h1>
      <p className="text-body-secondary mb-4">Here is what you can open in Dataworks.</p>
      {menuStatus === 'failed' ? (
        <ErrorAlert
          title="Your organisation's dashboards could not be loaded"
          message={menuError ?? 'Something went wrong.'}
          onRetry={retry}
        />
      ) : null}
      {subject ? <NeedsAttention roles={roles} me={{ subject, email: session?.tokenParsed.email ?? null }} /> : null}
      <h2 className="visually-hidden">Your areas</h2>
      {areas.length === 0 ? (
        <p className="text-body-secondary">There is nothing you can open yet. Ask your administrator for access.</p>
      ) : (
        <ul className="dw-area-grid list-unstyled" aria-label="Your areas">
          {areas.map((area) => {
            const url = firstUrl(area);
            const Icon = area.icon;
            const figure = figures[area.id];
            return url ? (
              <li key={area.id}>
                <Link to={url} className="card dw-card dw-area-card text-decoration-none">
                  <span className="card-body d-flex align-items-center gap-3">
                    {Icon ? <Icon size={22} aria-hidden /> : null}
                    <span className="d-flex flex-column">
                      <span className="fw-semibold">{area.title}</span>
                      {figure ? <span className="small text-body-secondary">{figure}</span> : null}
                    </span>
                  </span>
                </Link>
              </li>
            ) : null;
          })}
        </ul>
      )}
      <RecentPages pages={recent} />
    </>
  );
}
