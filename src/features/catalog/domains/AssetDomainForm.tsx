// Placing an asset in a domain by hand (it then wins over its dbt meta, tags and folder), or
// handing it back to the dbt rule. The asset is chosen by name (the form sends its unique id);
// the domain is one of the known ones or a new name typed.
import { useState, type FormEvent } from 'react';
import { apiErrorMessage } from '../../../api/apiError';
import { useSetAssetDomainMutation } from '../../../api/catalogDomainsApi';
import { AssetPicker, ChoicePicker, type PickerOption } from '../../../components/AssetPicker';
import { InlineError } from '../../../components/InlineError';

/** What a domain holds (tests and metrics belong to their asset's). */
const PLACEABLE_KINDS = ['model', 'source', 'seed', 'snapshot', 'exposure'] as const;

export function AssetDomainForm({ domains }: { domains: readonly string[] }) {
  const [asset, setAsset] = useState<PickerOption | null>(null);
  const [domain, setDomain] = useState<PickerOption | null>(null);
  const [assign, assigning] = useSetAssetDomainMutation();
  const [done, setDone] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (!asset) return;
    const target = domain?.value ?? null;
    void assign({ assetId: asset.value, domain: target })
      .unwrap()
      .then(
        () => setDone(target ? `${asset.label} is now in ${target}.` : `${asset.label} follows the dbt rule again.`),
        () => undefined,
      );
  };
  return (
    <form onSubmit={submit} aria-label="Place an asset in a domain" className="row g-2 align-items-start">
      <AssetPicker
        id="place-asset"
        label="Asset"
        small
        className="col-md-6"
        kinds={PLACEABLE_KINDS}
        selected={asset ? [asset] : []}
        onSelected={(chosen) => setAsset(chosen[0] ?? null)}
        required
      />
      <ChoicePicker
        id="place-domain"
        label="Domain"
        small
        className="col-md-4"
        options={domains.map((name) => ({ value: name, label: name }))}
        allowTyped
        selected={domain ? [domain] : []}
        onSelected={(chosen) => setDomain(chosen[0] ?? null)}
        help="Choose a domain or type a new one. None: back to the dbt rule."
      />
      <div className="col-md-2 pt-md-4">
        <button type="submit" className="btn btn-outline-primary btn-sm" disabled={assigning.isLoading || !asset}>
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
