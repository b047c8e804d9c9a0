// The top of a User Management page: its title, what it is for, an action, and whether the
// account is the embedded sample.
import type { ReactNode } from 'react';
import { useGetWarehouseInfoQuery } from '../../api/warehouseApi';
import { SampleDataNotice } from '../../components/SampleDataNotice';
import './management.css';

interface ManagementHeadingProps {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  action?: ReactNode;
  /** Above the title, e.g. the way back to the list. */
  back?: ReactNode;
}

export function ManagementHeading({ id, title, intro, action, back }: ManagementHeadingProps) {
  // Only for the notice: the page works without it, so its failure is not shown here.
  const { data } = useGetWarehouseInfoQuery();
  return (
    <>
      {back}
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <div>
          <h1 id={id} className="h3 mb-1">
            {title}
          </h1>
          {intro ? <p className="text-body-secondary mb-0">{intro}</p> : null}
        </div>
        {action}
      </div>
      <SampleDataNotice sample={data?.info.sample ?? false} />
    </>
  );
}
