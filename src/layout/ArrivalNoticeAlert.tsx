// Says, on arrival, why a link led here instead of where it pointed (see arrivalNotice.ts).
import { useEffect, useRef, useSyncExternalStore } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import { useLocation } from 'react-router-dom';
import { arrivalMessage, clearArrivalNotice, currentArrivalNotice, subscribeArrivalNotice } from './arrivalNotice';

export function ArrivalNoticeAlert() {
  const notice = useSyncExternalStore(subscribeArrivalNotice, currentArrivalNotice);
  const { pathname, key } = useLocation();
  const here = notice !== null && notice.shownAt === pathname;
  // The location the notice was shown on. The guard leaves the notice while the previous page
  // is still on screen, so only moving on from where it was shown may end it.
  const shownOn = useRef<string | null>(null);

  useEffect(() => {
    if (!notice) {
      shownOn.current = null;
    } else if (here && shownOn.current === null) {
      shownOn.current = key;
    } else if (shownOn.current !== null && shownOn.current !== key) {
      shownOn.current = null;
      clearArrivalNotice();
    }
  }, [notice, here, key]);

  if (!notice || !here) return null;
  return (
    <div className="alert alert-warning d-flex align-items-start gap-2" role="alert">
      <p className="mb-0 flex-grow-1">{arrivalMessage(notice)}</p>
      <CloseButton aria-label="Dismiss this message" onClick={clearArrivalNotice} />
    </div>
  );
}
