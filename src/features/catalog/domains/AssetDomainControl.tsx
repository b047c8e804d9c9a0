// The asset page's domain: where the asset is and which rule put it there; editors place it in
// another domain by hand or hand it back to the dbt rule (meta, tag, folder).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { AssetDomainResponse } from '@common/catalog-domains/domainsContract';
import { appPaths } from '@common/paths';
import { apiErrorMessage } from '../../../api/apiError';
import { useGetAssetDomainQuery, useSetAssetDomainMutation } from '../../../api/catalogDomainsApi';
import { InlineError } from '../../../components/InlineError';
import { FormField } from '../../../components/FormField';

const ruleWords: Record<NonNullable<AssetDomainResponse['assignedBy']>, string> = {
  hand: 'placed by hand in the portal',
  meta: 'from its dbt meta.domain',
  tag: 'from its dbt domain: tag',
  folder: 'from the folder of its file',
};

export function AssetDomainControl({ assetId, mayEdit }: { assetId: string; mayEdit: boolean }) {
  const { currentData } = useGetAssetDomainQuery(assetId);
  const [assign, assigning] = useSetAssetDomainMutation();
  const [value, setValue] = useState('');
  if (!currentData) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim())
      void assign({ assetId, domain: value.trim() })
        .unwrap()
        .then(
          () => setValue(''),
          () => undefined,
        );
  };
  return (
    <div className="mb-3">
      <p className="mb-1">
        <strong>Domain in the catalog:</strong>{' '}
        {currentData.domain ? (
          <>
            <Link to={appPaths.catalogDomain}>{currentData.domain}</Link>{' '}
            <span className="text-body-secondary small">({currentData.assignedBy ? ruleWords[currentData.assignedBy] : ''})</span>
          </>
        ) : (
          'none'
        )}
      </p>
      {mayEdit ? (
        <form className="d-flex flex-wrap gap-2 align-items-end" onSubmit={submit} aria-label="Place the asset in a domain">
          <FormField id="asset-domain" label="Place in domain" compact className="" value={value} maxLength={100} onValue={setValue} />
          <button type="submit" className="btn btn-outline-primary btn-sm" disabled={assigning.isLoading || !value.trim()}>
            Place
          </button>
          {currentData.assignedBy === 'hand' ? (
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              disabled={assigning.isLoading}
              onClick={() => void assign({ assetId, domain: null })}
            >
              Back to the dbt rule
            </button>
          ) : null}
          {assigning.error ? <InlineError>{apiErrorMessage(assigning.error)}</InlineError> : null}
        </form>
      ) : null}
    </div>
  );
}
