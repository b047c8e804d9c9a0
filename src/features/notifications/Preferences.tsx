// Which notifications the user gets, per type: in the portal and by e-mail. E-mail needs an
// SMTP server configured for the portal and an address on the account; without them its
// switches are disabled and the page says why.
import { useState, type FormEvent } from 'react';
import { notificationTypeLabels } from '@common/notifications/notificationTypes';
import type { PreferenceRecord, PreferencesResponse } from '@common/notifications/notificationsContract';
import { apiErrorMessage } from '../../api/apiError';
import { useGetNotificationPreferencesQuery, useSaveNotificationPreferencesMutation } from '../../api/notificationsApi';
import { InlineError } from '../../components/InlineError';
import { QueryResult } from '../../components/QueryResult';

function emailOffReason(email: PreferencesResponse['email']): string | null {
  if (!email.available) return 'E-mail is off: no mail server (SMTP) is configured for this portal. Ask your administrator to set one up.';
  if (!email.address) return 'E-mail is off: your account has no e-mail address.';
  return null;
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
      <div className="table-responsive">
        <table className="table align-middle">
          <caption className="visually-hidden">Notification preferences by type</caption>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">In the portal</th>
              <th scope="col">By e-mail</th>
            </tr>
          </thead>
          <tbody>
            {choices.map((choice) => {
              const label = notificationTypeLabels[choice.type];
              return (
                <tr key={choice.type}>
                  <th scope="row" className="fw-normal">
                    {label}
                  </th>
                  <td>
                    <div className="form-check form-switch">
                      <input
                        id={`pref-${choice.type}-app`}
                        type="checkbox"
                        role="switch"
                        className="form-check-input"
                        checked={choice.inApp}
                        onChange={(event) => change(choice.type, 'inApp', event.target.checked)}
                      />
                      <label className="form-check-label visually-hidden" htmlFor={`pref-${choice.type}-app`}>
                        {label} in the portal
                      </label>
                    </div>
                  </td>
                  <td>
                    <div className="form-check form-switch">
                      <input
                        id={`pref-${choice.type}-email`}
                        type="checkbox"
                        role="switch"
                        className="form-check-input"
                        checked={choice.email}
                        disabled={offReason !== null}
                        aria-describedby={offReason ? 'email-off-reason' : undefined}
                        onChange={(event) => change(choice.type, 'email', event.target.checked)}
                      />
                      <label className="form-check-label visually-hidden" htmlFor={`pref-${choice.type}-email`}>
                        {label} by e-mail
                      </label>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {error ? <InlineError>{apiErrorMessage(error)}</InlineError> : null}
      <div className="d-flex align-items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Save preferences'}
        </button>
        <span role="status" className="text-success">
          {status}
        </span>
      </div>
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
        data={preferences.data}
        error={preferences.error}
        isFetching={preferences.isFetching}
        refetch={preferences.refetch}
        loadingLabel="Loading your preferences…"
        errorTitle="Your preferences could not be loaded"
      >
        {(saved) => <PreferencesForm saved={saved} />}
      </QueryResult>
    </section>
  );
}
