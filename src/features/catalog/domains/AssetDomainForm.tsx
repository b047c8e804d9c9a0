// Placing an asset in a domain by hand (it then wins over its dbt meta, tags and folder), or
// handing it back to the dbt rule.
import { useState, type FormEvent } from 'react';
import { apiErrorMessage } from '../../../api/apiError';
import { useSetAssetDomainMutation } from '../../../api/catalogDomainsApi';
import { FormField } from '../../../components/FormField';
import { InlineError } from '../../../components/InlineError';

export function AssetDomainForm({ domains }: { domains: readonly string[] }) {
  const [assetId, setAssetId] = useState('');
  const [domain, setDomain] = useState('');
  const [assign, assigning] = useSetAssetDomainMutation();
  const [done, setDone] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (!assetId.trim()) return;
    const target = domain.trim() || null;
    void assign({ assetId: assetId.trim(), domain: target })
      .unwrap()
      .then(
        () => setDone(target ? `${assetId.trim()} is now in ${target}.` : `${assetId.trim()} follows the dbt rule again.`),
        () => undefined,
      );
  };
  return (
    <form onSubmit={submit} aria-label="Place an asset in a domain" className="row g-2 align-items-start">
      <datalist id="known-domains">
        {domains.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div className="col-md-6">
        <FormField
          label="Asset (dbt unique id)"
          value={assetId}
          onValue={setAssetId}
          placeholder="model.my_project.fct_orders"
          small
          className="mb-0"
          required
        />
      </div>
      <div className="col-md-4">
        <FormField
          label="Domain"
          value={domain}
          onValue={setDomain}
          suggestions="known-domains"
          help="Empty: back to the dbt rule."
          small
          className="mb-0"
        />
      </div>
      <div className="col-md-2 pt-md-4">
        <button type="submit" className="btn btn-outline-primary btn-sm" disabled={assigning.isLoading || !assetId.trim()}>
          {assigning.isLoading ? 'Saving…' : 'Place'}
        </button>
      </div>
      {assigning.error ? <InlineError>{apiErrorMessage(assigning.error)}</InlineError> : null}
      {done ? (
        <p role="status" className="small text-success mb-0">
          {done}
        </p>
      ) : null}
    </form>
  );
}
