// Creating or changing a data product: name, owner, domain, description, its assets and
// exposures (chosen by name; the form sends their dbt unique ids) and its objective. The form
// checks what it can; the server checks the ids against the current project and names the one
// it does not know.
import { useState } from 'react';
import type { ProductBody, ProductDetail } from '@common/catalog-domains/productsContract';
import { apiErrorMessage, isApiErrorBody } from '../../../api/apiError';
import { useCreateProductMutation, useListDomainsQuery, useUpdateProductMutation } from '../../../api/catalogDomainsApi';
import { AssetPicker, ChoicePicker, assetOptionOfId, type PickerOption } from '../../../components/AssetPicker';
import { FormDialog } from '../../../components/FormDialog';
import { FormField } from '../../../components/FormField';
import { useCatalogChoices } from '../catalogChoices';

/** What a product holds: the assets a domain can hold, and the exposures that read them. */
const PRODUCT_KINDS = ['model', 'source', 'seed', 'snapshot', 'exposure'] as const;
const one = (value: string | null | undefined): PickerOption[] => (value ? [{ value, label: value }] : []);

function numberOrNull(text: string): number | null | 'bad' {
  if (!text.trim()) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : 'bad';
}

// The product's objective: each part optional, empty leaving it out.
const objectiveFields = [
  { key: 'hours', label: 'Sources loaded within (hours)', path: 'objective.freshnessHours' },
  { key: 'rate', label: 'Tests passing at least (%)', path: 'objective.minTestPassRate' },
] as const;

interface ProductDialogProps {
  product?: ProductDetail;
  onDone: (id: string) => void;
  onCancel: () => void;
}

export function ProductDialog({ product, onDone, onCancel }: ProductDialogProps) {
  const [name, setName] = useState(product?.name ?? '');
  const [owner, setOwner] = useState<PickerOption[]>(one(product?.owner));
  const [domain, setDomain] = useState<PickerOption[]>(one(product?.domain));
  const [description, setDescription] = useState(product?.description ?? '');
  const [assets, setAssets] = useState<PickerOption[]>(
    product?.members.map((member) => ({ ...assetOptionOfId(member.uniqueId, member.name), badge: member.resourceType })) ?? [],
  );
  const { owners } = useCatalogChoices();
  const domains = useListDomainsQuery().currentData?.domains.map((known) => ({ value: known.name, label: known.name })) ?? [];
  const [objective, setObjective] = useState({
    hours: product?.objective.freshnessHours?.toString() ?? '',
    rate: product?.objective.minTestPassRate?.toString() ?? '',
  });
  const [checked, setChecked] = useState(false);
  const [create, creating] = useCreateProductMutation();
  const [update, updating] = useUpdateProductMutation();
  const state = product ? updating : creating;
  const server = state.error as { data?: unknown } | undefined;
  const field = server && isApiErrorBody(server.data) ? (server.data.field ?? '') : null;
  const serverOn = (prefix: string) => (field !== null && field.startsWith(prefix) ? apiErrorMessage(state.error) : undefined);

  const hoursValue = numberOrNull(objective.hours);
  const rateValue = numberOrNull(objective.rate);
  const local = {
    name: name.trim() ? undefined : 'Give the product a name.',
    owner: owner.length > 0 ? undefined : 'Say who owns the product: choose an owner or type a person or team.',
    hours: hoursValue === 'bad' || (typeof hoursValue === 'number' && hoursValue <= 0) ? 'A number of hours above 0, or empty.' : undefined,
    rate:
      rateValue === 'bad' || (typeof rateValue === 'number' && (rateValue < 0 || rateValue > 100))
        ? 'A percentage from 0 to 100, or empty.'
        : undefined,
  };
  const shown = (key: keyof typeof local) => (checked ? local[key] : undefined);
  const submit = () => {
    setChecked(true);
    if (Object.values(local).some(Boolean)) return;
    const body: ProductBody = {
      name: name.trim(),
      owner: owner[0]?.value ?? '',
      domain: domain[0]?.value ?? null,
      description,
      assets: assets.map((asset) => asset.value),
      objective: { freshnessHours: hoursValue === 'bad' ? null : hoursValue, minTestPassRate: rateValue === 'bad' ? null : rateValue },
    };
    const request = product
      ? update({ id: product.id, body })
          .unwrap()
          .then(() => product.id)
      : create(body)
          .unwrap()
          .then((answer) => answer.id);
    void request.then(onDone, () => undefined);
  };
  const unplaced =
    field !== null && !['name', 'owner', 'domain', 'description', 'assets', 'objective'].some((prefix) => field.startsWith(prefix));
  return (
    <FormDialog
      title={product ? `Change ${product.name}` : 'New data product'}
      submitLabel={product ? 'Save' : 'Create'}
      busyLabel="Saving…"
      busy={state.isLoading}
      error={unplaced ? apiErrorMessage(state.error) : null}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <FormField label="Name" value={name} onValue={setName} maxLength={200} required error={shown('name') ?? serverOn('name')} />
      <ChoicePicker
        id="product-owner"
        label="Owner"
        selected={owner}
        onSelected={setOwner}
        options={owners}
        allowTyped
        required
        error={shown('owner') ?? serverOn('owner')}
        help="A person or team: the catalog's owners are listed; type another name to use it."
      />
      <ChoicePicker
        id="product-domain"
        label="Domain"
        selected={domain}
        onSelected={setDomain}
        options={domains}
        error={serverOn('domain')}
        help="Optional: one of the catalog's domains."
      />
      <FormField
        label="Description"
        control="textarea"
        rows={2}
        value={description}
        onValue={setDescription}
        maxLength={4000}
        error={serverOn('description')}
      />
      <AssetPicker
        id="product-assets"
        label="Assets and exposures"
        multiple
        kinds={PRODUCT_KINDS}
        selected={assets}
        onSelected={setAssets}
        help="Type a name and choose from the list: models, sources, seeds, snapshots and exposures."
        error={serverOn('assets')}
      />
      <div className="row">
        {objectiveFields.map(({ key, label, path }) => (
          <div key={key} className="col-sm-6">
            <FormField
              label={label}
              value={objective[key]}
              onValue={(text) => setObjective((current) => ({ ...current, [key]: text }))}
              inputMode="decimal"
              help="Empty: not part of the objective."
              error={shown(key) ?? serverOn(path)}
            />
          </div>
        ))}
      </div>
    </FormDialog>
  );
}
