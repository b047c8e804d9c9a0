// Catalog Settings: the classification rules behind personal-data suggestions: the column-name
// patterns (each a whole word of a snake_case name) and whether sampled values are checked on
// the warehouse. A self-contained section the Catalog Settings page mounts.
import { useState, type FormEvent } from 'react';
import type { GovernanceSettings } from '@common/catalog-governance/settingsContract';
import { apiErrorField, apiErrorMessage } from '../../../../api/apiError';
import { useGetGovernanceSettingsQuery, useSaveGovernanceSettingsMutation } from '../../../../api/catalogGovernanceApi';
import { mutationOutcome } from '../../../../api/useMutationFeedback';
import { CheckField } from '../../../../components/CheckField';
import { FormField } from '../../../../components/FormField';
import { InlineError } from '../../../../components/InlineError';
import { SettingsSection } from '../../../../components/SettingsSection';
import { splitList } from '../GovernanceFrame';
import { SubmitRow } from '../../../../components/SubmitRow';

/** The form, started from the stored settings; saving sends the latest stored ones with its own part changed. */
function RulesForm({ settings }: { settings: GovernanceSettings }) {
  const [save, saving] = useSaveGovernanceSettingsMutation();
  const [patterns, setPatterns] = useState(settings.piiNamePatterns.join(', '));
  const [sampleValues, setSampleValues] = useState(settings.sampleValues);
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    void save({ ...settings, piiNamePatterns: splitList(patterns).map((pattern) => pattern.toLowerCase()), sampleValues }).then((result) =>
      setSaved(mutationOutcome(result).ok),
    );
  };
  const fieldError = saving.error && apiErrorField(saving.error)?.startsWith('piiNamePatterns') ? apiErrorMessage(saving.error) : undefined;
  return (
    <form onSubmit={submit} aria-labelledby="classification-settings-title">
      <FormField
        label="Column names that suggest personal data"
        control="textarea"
        rows={3}
        value={patterns}
        onValue={setPatterns}
        help="Words separated by commas; each matches a whole word of a column name (email matches customer_email, not emails_sent)."
        error={fieldError}
      />
      <CheckField
        id="classification-sample-values"
        label="Also check a sample of 100 rows per table on the warehouse for e-mail addresses, phone numbers, IP addresses and similar values"
        checked={sampleValues}
        className="mb-3"
        onChecked={setSampleValues}
      />
      {saving.error && !fieldError ? <InlineError>{apiErrorMessage(saving.error)}</InlineError> : null}
      <SubmitRow
        label="Save classification rules"
        busy={saving.isLoading}
        small
        status={saved ? 'Saved.' : ''}
        statusClassName="small text-success"
      />
    </form>
  );
}

export function ClassificationSettingsSection() {
  return (
    <SettingsSection
      title="Classification rules"
      titleId="classification-settings-title"
      query={useGetGovernanceSettingsQuery()}
      keepWhileRefetching
    >
      {(answer) => <RulesForm settings={answer.settings} />}
    </SettingsSection>
  );
}
