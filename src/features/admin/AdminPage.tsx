// /app/admin: support staff look up the layout settings a user last saved and can apply
// them to their own session to see what that user sees (docs/shell-rules.md, "Roles, editions and the access table").
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { apiErrorMessage, isNotFound } from '../../api/apiError';
import { useLazyGetUserLayoutSettingsQuery } from '../../api/layoutSettingsApi';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { LoadingState } from '../../components/LoadingState';
import { SavedSettings } from './SavedSettings';

export default function AdminPage() {
  const [username, setUsername] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [lookUp, { currentData, error, isFetching, originalArgs }] = useLazyGetUserLayoutSettingsQuery();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = username.trim();
    if (wanted === '') {
      setInputError('Enter a username.');
      return;
    }
    setInputError(null);
    // Always ask again: the user may have changed their layout since the last look-up.
    void lookUp(wanted, false);
  };

  let result = null;
  if (isFetching) {
    result = <LoadingState label={`Looking up ${originalArgs ?? ''}…`} />;
  } else if (error && isNotFound(error)) {
    result = (
      <p role="status" className="alert alert-info">
        No saved settings for {originalArgs}
      </p>
    );
  } else if (error) {
    result = (
      <ErrorAlert
        title="The settings could not be looked up"
        message={apiErrorMessage(error)}
        onRetry={originalArgs ? () => void lookUp(originalArgs, false) : undefined}
      />
    );
  } else if (currentData) {
    result = <SavedSettings key={`${currentData.username}-${currentData.updatedAt}`} saved={currentData} />;
  }

  return (
    <section aria-labelledby="admin-title">
      <h1 id="admin-title" className="h3 mb-1">
        Admin
      </h1>
      <p className="text-body-secondary mb-4">
        See the layout settings a user of your organisation last saved, and apply them to your own session to see Dataworks as they do.
      </p>
      <div className="card dw-card mb-3">
        <div className="card-body">
          <h2 className="h5">User layout settings</h2>
          <Form noValidate onSubmit={submit} className="d-flex flex-wrap align-items-start gap-2">
            <FormField
              id="admin-username"
              className="flex-grow-1"
              style={{ maxWidth: '24rem' }}
              label="Username"
              value={username}
              onValue={setUsername}
              autoComplete="off"
              spellCheck={false}
              error={inputError ?? undefined}
            />
            {/* Lined up with the field, below its label. */}
            <Button type="submit" style={{ marginTop: '2rem' }} disabled={isFetching}>
              Look up
            </Button>
          </Form>
        </div>
      </div>
      {result}
    </section>
  );
}
