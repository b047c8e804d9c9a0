// What every Optimize page shares: its heading, the warehouse it reads (with the sample-data
// notice), how current the usage copy is, the date range in effect and the states before there
// is anything to show (the copy's first fill among them).
import type { ComponentType, ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useGetWarehouseInfoQuery } from '../../api/warehouseApi';
import type { DateRange, WarehouseInfo } from '../../api/warehouseTypes';
import { EmptyState } from '../../components/EmptyState';
import { IntroducedPage } from '../../components/IntroducedPage';
import { QueryResult } from '../../components/QueryResult';
import { SampleDataNotice } from '../../components/SampleDataNotice';
import { defaultRange, rangeFromParams } from './dateRange';
import { UsageSyncBar } from './usage/UsageSyncBar';
import './optimize.css';

export interface OptimizeContext {
  info: WarehouseInfo;
  /** The range the page shows (from the address, else this month so far: dateRange.ts, defaultRange). */
  range: DateRange;
  /** The days the account has usage data for. */
  dataRange: DateRange;
  params: URLSearchParams;
}

interface OptimizeLayoutProps {
  id: string;
  title: string;
  intro: string;
  children: (context: OptimizeContext) => ReactNode;
}

export function OptimizeLayout({ id, title, intro, children }: OptimizeLayoutProps) {
  const warehouse = useGetWarehouseInfoQuery();
  const [params] = useSearchParams();
  const titleId = `${id}-title`;

  const content = (
    <QueryResult query={warehouse} retryInPlace loadingLabel="Loading the warehouse…" errorTitle="The warehouse could not be reached">
      {(data) => {
        if (data.usageReady === false) {
          return (
            <>
              <SampleDataNotice sample={data.info.sample} />
              <UsageSyncBar currency={data.info.currency} />
              <p className="text-body-secondary">
                The figures appear as soon as the account&apos;s usage has been copied for the first time.
              </p>
            </>
          );
        }
        if (!data.dataRange) {
          return (
            <>
              <SampleDataNotice sample={data.info.sample} />
              <EmptyState title="No usage data yet">
                <p className="text-body-secondary mb-0">
                  The account has no metered usage yet. Figures appear here once Snowflake reports them (up to three hours after use).
                </p>
              </EmptyState>
            </>
          );
        }
        const range = rangeFromParams(params, defaultRange(data.dataRange));
        return (
          <>
            <SampleDataNotice sample={data.info.sample} />
            <UsageSyncBar currency={data.info.currency} />
            {children({ info: data.info, range, dataRange: data.dataRange, params })}
          </>
        );
      }}
    </QueryResult>
  );

  return (
    <IntroducedPage id={titleId} title={title} intro={intro}>
      {content}
    </IntroducedPage>
  );
}

/** An Optimize page: the layout's words once, and the report it shows in the layout's context. */
export function optimizePageOf(layout: Omit<OptimizeLayoutProps, 'children'>, Report: ComponentType<OptimizeContext>) {
  return function OptimizePage() {
    return <OptimizeLayout {...layout}>{(context) => <Report {...context} />}</OptimizeLayout>;
  };
}
