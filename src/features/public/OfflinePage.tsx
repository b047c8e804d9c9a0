import { useEffect, useSyncExternalStore } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { StatusPage } from '../../components/StatusPage';
import { isSafeLocalPath } from '@common/paths';

function subscribeOnline(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

export default function OfflinePage() {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const from = params.get('from');
  const back = isSafeLocalPath(from) ? from : '/';

  // Back online: return to the page the visitor was on, if we know it.
  useEffect(() => {
    if (online && from) navigate(back, { replace: true });
  }, [online, from, back, navigate]);

  return (
    <StatusPage title="You are offline" code="Offline">
      <p>Dataworks cannot reach the network. Check your connection; this page returns to where you were once you are back online.</p>
      <button type="button" className="btn btn-primary" onClick={() => navigate(back)} disabled={!online}>
        {online ? 'Continue' : 'Waiting for the network…'}
      </button>
    </StatusPage>
  );
}
