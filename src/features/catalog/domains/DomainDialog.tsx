// Describing a domain: its description, owners and experts (names, one per line). The server
// checks again; a refusal naming a field is shown on it.
import { useState } from 'react';
import type { DomainSummary } from '@common/catalog-domains/domainsContract';
import { PEOPLE_MAX } from '@common/catalog-domains/catalogOrganisationRules';
import { apiErrorMessage, isApiErrorBody } from '../../../api/apiError';
import { useSaveDomainMutation } from '../../../api/catalogDomainsApi';
import { FormDialog } from '../../../components/FormDialog';
import { FormField } from '../../../components/FormField';
import { typedList } from '../typedList';

const lines = (text: string) => typedList(text, /\n/);

// The people of a domain, one name per line.
const peopleFields = [
  { key: 'owners', label: 'Owners', help: "One name per line: who answers for the domain's data." },
  { key: 'experts', label: 'Experts', help: 'One name per line: who to ask about it.' },
] as const;

export function DomainDialog({ domain, onClose }: { domain: DomainSummary; onClose: () => void }) {
  const [description, setDescription] = useState(domain.description);
  const [people, setPeople] = useState({ owners: domain.owners.join('\n'), experts: domain.experts.join('\n') });
  const { owners, experts } = people;
  const [save, saving] = useSaveDomainMutation();
  const serverError = saving.error as { data?: unknown } | undefined;
  const field = serverError && isApiErrorBody(serverError.data) ? serverError.data.field : undefined;
  const tooMany = (text: string) => (lines(text).length > PEOPLE_MAX ? `At most ${PEOPLE_MAX} people.` : undefined);
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
        void save({ name: domain.name, body: { description, owners: lines(owners), experts: lines(experts) } })
          .unwrap()
          .then(onClose, () => undefined);
      }}
    >
      <FormField label="Description" control="textarea" rows={3} value={description} onValue={setDescription} maxLength={4000} />
      {peopleFields.map(({ key, label, help }) => (
        <FormField
          key={key}
          label={label}
          control="textarea"
          rows={2}
          value={people[key]}
          onValue={(text) => setPeople((current) => ({ ...current, [key]: text }))}
          help={help}
          error={errors[key]}
        />
      ))}
    </FormDialog>
  );
}
