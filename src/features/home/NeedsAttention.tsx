// Home's "Needs you" list: what the signed-in user should look at first, each a link to where it
// is dealt with. It fills in after the page is painted (the areas below never wait for it).
import { Link } from 'react-router-dom';
import { ToneBadge } from '../../components/ToneBadge';
import { useNeedsAttention } from './needsAttention';

const toneWords = { danger: 'Failing', warning: 'At risk', info: 'New' } as const;
const toneClasses = { danger: 'text-bg-danger', warning: 'text-bg-warning', info: 'text-bg-info' } as const;

export function NeedsAttention({ roles, me }: { roles: readonly string[]; me: { subject: string; email: string | null } }) {
  const { items, loading } = useNeedsAttention(roles, me);
  return (
    <section aria-labelledby="needs-you-title" className="mb-4">
      <h2 id="needs-you-title" className="h5">
        Needs you
      </h2>
      {items.length > 0 ? (
        <ul className="list-group">
          {items.map((item) => (
            <li key={item.key} className="list-group-item d-flex align-items-center gap-2">
              <ToneBadge tones={toneClasses} labels={toneWords} value={item.tone} />
              <Link to={item.link}>{item.text}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-body-secondary small mb-0" role="status">
          {loading ? 'Looking for what needs you…' : 'Nothing needs you right now.'}
        </p>
      )}
    </section>
  );
}
