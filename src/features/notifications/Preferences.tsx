// Which notifications the user gets, per type: in the portal and by e-mail. E-mail needs an
// SMTP server configured for the portal and an address on the account; without them its
// switches are disabled and the page says why.
import { useState, type FormEvent } from 'react';
import { notificationTypeLabels } from '@common/notifications/notificationTypes';
import type { PreferenceRecord, PreferencesResponse } from '@common/notifications/notificationsContract';
import { apiErrorMessage } from '../../api/apiError';
import { useGetNotificationPreferencesQuery, useSaveNotificationPreferencesMutation } from '../../api/notificationsApi';
import { CheckField } from '../../components/CheckField';
import { InlineError } from '../../components/InlineError';
import { QueryResult } from '../../components/QueryResult';
import { SimpleTable } from '../../components/SimpleTable';
import { SubmitRow } from '../../components/SubmitRow';

function emailOffReason(email: PreferencesResponse['email']): string | null {
  if (!email.available) return 'E-mail is off: no mail server (SMTP) is configured for this portal. Ask your administrator to set one up.';
  if (!email.address) return 'E-mail is off: your account has no e-mail address.';
  return null;
}

/** One on/off choice of the table; its label names the type and the channel for a screen reader. */
function Switch(props: {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  describedBy?: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <CheckField
      id={props.id}
      label={props.label}
      checked={props.checked}
      disabled={props.disabled}
      asSwitch
      labelClassName="visually-hidden"
      describedBy={props.describedBy}
      onChecked={(checked) => props.onChange(checked)}
    />
  );
}
function PreferencesForm({ saved }: { saved: PreferencesResponse }) {
  const [choices, setChoices] = useState<PreferenceRecord[]>(saved.preferences);
  const [save, { isLoading, error }] = useSaveNotificationPreferencesMutation();
  const [status, setStatus] = useState('');
  const offReason = emailOffReason(saved.email);
  const change = (type: PreferenceRecord['type'], key: 'inApp' | 'email', value: boolean) => {
    setStatus('');
    setChoices((current) => current.map((choice) => (choice.type === type ? { ...choice, [key]: value } : choice)));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await save(choices);
    if ('data' in answer) setStatus('Your preferences are saved.');
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {offReason ? (
        <p className="alert alert-info" id="email-off-reason">
          {offReason}
        </p>
      ) : (
        <p className="text-body-secondary">E-mails go to {saved.email.address}.</p>
      )}
      <SimpleTable
        caption="Notification preferences by type"
        className="table align-middle"
        rows={choices}
        rowKey={(choice) => choice.type}
        columns={[
          { header: 'Type', rowHeader: true, cellClassName: 'fw-normal', cell: (choice) => notificationTypeLabels[choice.type] },
          {
            header: 'In the portal',
            cell: (choice) => (
              <Switch
                id={`pref-${choice.type}-app`}
                label={`${notificationTypeLabels[choice.type]} in the portal`}
                checked={choice.inApp}
                onChange={(checked) => change(choice.type, 'inApp', checked)}
              />
            ),
          },
          {
            header: 'By e-mail',
            cell: (choice) => (
              <Switch
                id={`pref-${choice.type}-email`}
                label={`${notificationTypeLabels[choice.type]} by e-mail`}
                checked={choice.email}
                disabled={offReason !== null}
                describedBy={offReason ? 'email-off-reason' : undefined}
                onChange={(checked) => change(choice.type, 'email', checked)}
              />
            ),
          },
        ]}
      />
      {error ? <InlineError>{apiErrorMessage(error)}</InlineError> : null}
      <SubmitRow label="Save preferences" busyLabel="Saving…" busy={isLoading} status={status} statusClassName="text-success" />
    </form>
  );
}

export function Preferences() {
  const preferences = useGetNotificationPreferencesQuery();
  return (
    <section aria-labelledby="preferences-title">
      <h2 id="preferences-title" className="h5">
        Preferences
      </h2>
      <QueryResult
        query={preferences}
        keepWhileRefetching
        loadingLabel="Loading your preferences…"
        errorTitle="Your preferences could not be loaded"
      >
        {(saved) => <PreferencesForm saved={saved} />}
      </QueryResult>
    </section>
  );
}
