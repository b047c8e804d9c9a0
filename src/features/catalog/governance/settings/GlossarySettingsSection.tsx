// Catalog Settings: who may edit the glossary (and apply classifications). Administrators always
// may; the roles ticked here may too. A self-contained section the Catalog Settings page mounts.
import { useState, type FormEvent } from 'react';
import { glossaryEditorRoleChoices } from '@common/catalog-governance/glossaryRules';
import type { GovernanceSettings } from '@common/catalog-governance/settingsContract';
import { apiErrorMessage } from '../../../../api/apiError';
import { useGetGovernanceSettingsQuery, useSaveGovernanceSettingsMutation } from '../../../../api/catalogGovernanceApi';
import { mutationOutcome } from '../../../../api/useMutationFeedback';
import { CheckField } from '../../../../components/CheckField';
import { InlineError } from '../../../../components/InlineError';
import { SettingsSection } from '../../../../components/SettingsSection';
import { SubmitRow } from '../../../../components/SubmitRow';

type Role = (typeof glossaryEditorRoleChoices)[number];

/** The form, started from the stored settings; saving sends the latest stored ones with its own part changed. */
function EditorsForm({ settings }: { settings: GovernanceSettings }) {
  const [save, saving] = useSaveGovernanceSettingsMutation();
  const [roles, setRoles] = useState<Role[]>(settings.glossaryEditorRoles);
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    void save({ ...settings, glossaryEditorRoles: roles }).then((result) => setSaved(mutationOutcome(result).ok));
  };
  return (
    <form onSubmit={submit} aria-labelledby="glossary-settings-title">
      <fieldset className="mb-3">
        <legend className="small">
          Roles that may write glossaries and terms and apply classifications. Administrators always may; approving a term is for its
          reviewers.
        </legend>
        {glossaryEditorRoleChoices.map((role) => (
          <CheckField
            key={role}
            id={`glossary-editor-${role}`}
            label={role}
            checked={roles.includes(role)}
            onChecked={(checked) => setRoles((current) => (checked ? [...current, role] : current.filter((item) => item !== role)))}
          />
        ))}
      </fieldset>
      {roles.length === 0 ? <InlineError>Choose at least one role.</InlineError> : null}
      {saving.error ? <InlineError>{apiErrorMessage(saving.error)}</InlineError> : null}
      <SubmitRow
        label="Save glossary editors"
        busy={saving.isLoading}
        disabled={roles.length === 0}
        small
        status={saved ? 'Saved.' : ''}
        statusClassName="small text-success"
      />
    </form>
  );
}

export function GlossarySettingsSection() {
  return (
    <SettingsSection title="Glossary editors" titleId="glossary-settings-title" query={useGetGovernanceSettingsQuery()} keepWhileRefetching>
      {(answer) => <EditorsForm settings={answer.settings} />}
    </SettingsSection>
  );
}
