// The invitation's one-time link, shown once after inviting: the identity service keeps only
// its hash, so it cannot be shown again. The admin copies it to the new member.
import { useEffect, useRef } from 'react';
import type { InvitationResult } from '@common/security/securityContract';

export function InvitationLink({ result, onClose }: { result: InvitationResult; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="alert alert-info" aria-labelledby="invitation-title">
      <h2 id="invitation-title" className="h6" tabIndex={-1} ref={heading}>
        Invitation for {result.member.username}
      </h2>
      {result.actionLink ? (
        <>
          <p className="mb-1">Send this link to {result.member.email}. It works once, for 72 hours, and is not shown again:</p>
          <p className="mb-2">
            <code className="text-break" id="invitation-link" data-private>
              {result.actionLink}
            </code>
          </p>
        </>
      ) : (
        <p>An e-mail with a link to choose a password was sent to {result.member.email}.</p>
      )}
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onClose}>
        Done
      </button>
    </section>
  );
}
