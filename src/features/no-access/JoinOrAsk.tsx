// For a signed-in person who belongs to no organisation (they registered themselves): join the
// organisation their verified e-mail domain lets them join, verify the address first, or ask an
// organisation for an invitation — its administrators are told.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ACCESS_REQUEST_MESSAGE_MAX } from '@common/security/signUpContract';
import { apiErrorField, apiErrorMessage } from '../../api/apiError';
import { getAuthClient } from '../../api/authClient';
import { useGetJoinOptionsQuery, useJoinOrganisationMutation, useRequestAccessMutation } from '../../api/signUpApi';
import { FormField } from '../../components/FormField';
import { QueryResult } from '../../components/QueryResult';

/** A new token carries what changed on the account (a verified address, a new organisation). */
async function renewToken(): Promise<void> {
  await getAuthClient().updateToken(-1);
}

function AskForInvitation() {
  const [organisation, setOrganisation] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<{ field?: string; text: string } | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [send, sending] = useRequestAccessMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = organisation.trim();
    if (!wanted) return setProblem({ field: 'organisation', text: 'Enter the organisation’s id, as its administrators give it.' });
    setProblem(null);
    const result = await send({ organisation: wanted, message: message.trim() });
    if ('error' in result) setProblem({ field: apiErrorField(result.error), text: apiErrorMessage(result.error) });
    else setSentTo(wanted);
  };

  if (sentTo)
    return (
      <p role="status" className="alert alert-success mb-0">
        Your request is sent. If {sentTo} uses Dataworks, its administrators are told and can invite you.
      </p>
    );
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="ask-title">
      <h2 id="ask-title" className="h5">
        Ask for an invitation
      </h2>
      <p className="text-body-secondary small">Your organisation’s administrators are told, with your name and e-mail address.</p>
      <FormField
        label="Organisation id"
        value={organisation}
        onValue={setOrganisation}
        help="The short id your organisation uses in Dataworks, e.g. acme. Your colleagues see it in their user menu."
        error={problem?.field === 'organisation' ? problem.text : undefined}
        autoComplete="organization"
        maxLength={100}
      />
      <FormField
        label="Message (optional)"
        control="textarea"
        rows={3}
        value={message}
        onValue={setMessage}
        maxLength={ACCESS_REQUEST_MESSAGE_MAX}
        error={problem?.field === 'message' ? problem.text : undefined}
      />
      {problem && problem.field !== 'organisation' && problem.field !== 'message' ? (
        <p role="alert" className="text-danger">
          {problem.text}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={sending.isLoading}>
        {sending.isLoading ? 'Sending…' : 'Send the request'}
      </button>
    </form>
  );
}

export function JoinOrAsk() {
  const options = useGetJoinOptionsQuery();
  const [join, joining] = useJoinOrganisationMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const navigate = useNavigate();

  const joinNow = async () => {
    setProblem(null);
    const result = await join();
    if ('error' in result) return setProblem(apiErrorMessage(result.error));
    // The new token names the organisation and the role: the app's start page follows from it.
    await renewToken();
    navigate('/app', { replace: true });
  };
  const checkAgain = async () => {
    await renewToken().catch(() => undefined);
    void options.refetch();
  };

  return (
    <QueryResult query={options} loadingLabel="Looking at what you can do…" errorTitle="Your options could not be loaded">
      {(found) => (
        <>
          {found.organisation ? (
            <section aria-labelledby="join-title" className="mb-4">
              <h2 id="join-title" className="h5">
                Join {found.organisation}
              </h2>
              <p>
                {found.organisation} lets people with a verified address at {found.email?.split('@').pop()} join by themselves.
              </p>
              <button type="button" className="btn btn-primary" disabled={joining.isLoading} onClick={() => void joinNow()}>
                {joining.isLoading ? 'Joining…' : `Join ${found.organisation}`}
              </button>
              {problem ? (
                <p role="alert" className="text-danger mt-2 mb-0">
                  {problem}
                </p>
              ) : null}
            </section>
          ) : null}
          {!found.emailVerified && found.email ? (
            <section aria-labelledby="verify-title" className="mb-4">
              <h2 id="verify-title" className="h5">
                Verify your e-mail address
              </h2>
              <p>
                Follow the link sent to <strong>{found.email}</strong> when you signed up. If your organisation lets people with your
                address join by themselves, you can then join it here.
              </p>
              <button type="button" className="btn btn-outline-primary" onClick={() => void checkAgain()}>
                I have verified it: check again
              </button>
            </section>
          ) : null}
          {found.organisation ? null : <AskForInvitation />}
        </>
      )}
    </QueryResult>
  );
}
