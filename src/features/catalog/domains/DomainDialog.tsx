// Describing a domain: its description, owners and experts (chosen from the catalog's owners,
// or a name typed for someone the catalog does not list). The server checks again; a refusal
// naming a field is shown on it.
import { useState } from 'react';
import type { DomainSummary } from '@common/catalog-domains/domainsContract';
import { PEOPLE_MAX } from '@common/catalog-domains/catalogOrganisationRules';
import { apiErrorMessage, isApiErrorBody } from '../../../api/apiError';
import { useSaveDomainMutation } from '../../../api/catalogDomainsApi';
import { ChoicePicker, type PickerOption } from '../../../components/AssetPicker';
import { FormDialog } from '../../../components/FormDialog';
import { FormField } from '../../../components/FormField';
import { useCatalogChoices } from '../catalogChoices';

const optionsOf = (names: readonly string[]): PickerOption[] => names.map((name) => ({ value: name, label: name }));
const namesOf = (options: readonly PickerOption[]) => options.map((option) => option.value);

// The people of a domain.
const peopleFields = [
  { key: 'owners', label: 'Owners', help: "Who answers for the domain's data: choose from the catalog's owners or type a name." },
  { key: 'experts', label: 'Experts', help: "Who to ask about it: choose from the catalog's owners or type a name." },
] as const;

export function DomainDialog({ domain, onClose }: { domain: DomainSummary; onClose: () => void }) {
  const [description, setDescription] = useState(domain.description);
  const [people, setPeople] = useState({ owners: optionsOf(domain.owners), experts: optionsOf(domain.experts) });
  const known = useCatalogChoices().owners;
  const { owners, experts } = people;
  const [save, saving] = useSaveDomainMutation();
  const serverError = saving.error as { data?: unknown } | undefined;
  const field = serverError && isApiErrorBody(serverError.data) ? serverError.data.field : undefined;
  const tooMany = (chosen: readonly PickerOption[]) => (chosen.length > PEOPLE_MAX ? `At most ${PEOPLE_MAX} people.` : undefined);
  const errors = {
    owners: tooMany(owners) ?? (field === 'owners' ? apiErrorMessage(saving.error) : undefined),
    experts: tooMany(experts) ?? (field === 'experts' ? apiErrorMessage(saving.error) : undefined),
  };
  return (
    <FormDialog
      title={`Domain ${domain.name}`}
      submitLabel="Save"
      busyLabel="Saving…"
      busy={saving.isLoading}
      error={saving.error && !field ? apiErrorMessage(saving.error) : null}
      onCancel={onClose}
      onSubmit={() => {
        if (errors.owners || errors.experts) return;
        void save({ name: domain.name, body: { description, owners: namesOf(owners), experts: namesOf(experts) } })
          .unwrap()
          .then(onClose, () => undefined);
      }}
    >
      <FormField label="Description" control="textarea" rows={3} value={description} onValue={setDescription} maxLength={4000} />
      {peopleFields.map(({ key, label, help }) => (
        <ChoicePicker
          key={key}
          id={`domain-${key}`}
          label={label}
          multiple
          allowTyped
          options={known}
          selected={people[key]}
          onSelected={(chosen) => setPeople((current) => ({ ...current, [key]: chosen }))}
          help={help}
          error={errors[key]}
        />
      ))}
    </FormDialog>
  );
}
