// Pages read from the catalog refetch when the server says it changed (a freshness check
// finished, new artifacts were ingested), on the shared live channel.
import { useEffect } from 'react';
import { CATALOG_TOPIC } from '@common/dbt/consumeContract';
import { invalidateCatalog } from '../../api/dbtApi';
import { subscribeLive } from '../../api/live/liveEvents';
import { useAppDispatch } from '../../state/hooks';

export function useCatalogUpdates(): void {
  const dispatch = useAppDispatch();
  useEffect(() => subscribeLive(CATALOG_TOPIC, () => dispatch(invalidateCatalog())), [dispatch]);
}
