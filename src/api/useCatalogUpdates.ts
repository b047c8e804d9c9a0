// Pages read from the dbt artifacts refetch when the server says they changed (new artifacts
// ingested, a freshness check finished), on the shared live channel: a page showing "no dbt
// artifacts yet" fills in by itself when the first ones arrive.
import { useEffect } from 'react';
import { CATALOG_TOPIC } from '@common/dbt/consumeContract';
import { invalidateCatalog } from './dbtApi';
import { subscribeLive } from './live/liveEvents';
import { useAppDispatch } from '../state/hooks';

export function useCatalogUpdates(): void {
  const dispatch = useAppDispatch();
  useEffect(() => subscribeLive(CATALOG_TOPIC, () => dispatch(invalidateCatalog())), [dispatch]);
}
