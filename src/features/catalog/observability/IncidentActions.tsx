// The moves on an incident for those who may make them: acknowledge, assign to a member of the
// organisation, resolve (a reason chosen and a comment written: nothing is pre-selected, so a
// stray click records nothing), set the severity, and reopen a resolved one. The server checks
// each again; its refusal (a move another person made first, say) is shown beside the controls.
import { useState, type FormEvent } from 'react';
import {
  allowedTransitions,
  canReopen,
  RESOLUTION_COMMENT_MAX,
  resolutionProblem,
  resolutionReasonLabels,
  resolutionReasons,
  SEVERITY_MAX,
  SEVERITY_MIN,
  type ResolutionReason,
} from '@common/catalog-quality/incidentRules';
import type { IncidentRecord } from '@common/catalog-quality/incidentsContract';
import { apiErrorMessage, isApiErrorBody } from '../../../api/apiError';
import {
  useGetIncidentMembersQuery,
  useReopenIncidentMutation,
  useSetIncidentSeverityMutation,
  useTransitionIncidentMutation,
} from '../../../api/catalogQualityApi';
import { FilterSelect } from '../../../components/FilterSelect';
import { FormField } from '../../../components/FormField';
import { InlineError } from '../../../components/InlineError';

// The selects of the moves: small, in a row of controls.
const compactSelect = { control: 'select', compact: true, className: '' } as const;

/** Reopening a resolved incident, with an optional word on why (it goes on the timeline). */
function ReopenForm({ incident }: { incident: IncidentRecord }) {
  const [reopen, reopening] = useReopenIncidentMutation();
  const [comment, setComment] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void reopen({ id: incident.id, body: comment.trim() ? { comment: comment.trim() } : {} });
  };
  return (
    <form className="row g-2 align-items-end mb-3" onSubmit={submit} aria-label="Reopen the incident">
      {reopening.error ? <InlineError>{apiErrorMessage(reopening.error)}</InlineError> : null}
      <FormField
        id="incident-reopen-comment"
        label="Why reopen it (optional)"
        compact
        className="col-sm-8"
        maxLength={RESOLUTION_COMMENT_MAX}
        value={comment}
        onValue={setComment}
      />
      <div className="col-sm-4">
        <button type="submit" className="btn btn-outline-warning btn-sm text-body" disabled={reopening.isLoading}>
          Reopen
        </button>
      </div>
    </form>
  );
}

export function IncidentActions({ incident }: { incident: IncidentRecord }) {
  const allowed = allowedTransitions(incident.state);
  const members = useGetIncidentMembersQuery();
  const [transition, moving] = useTransitionIncidentMutation();
  const [setSeverity, saving] = useSetIncidentSeverityMutation();
  const [assignee, setAssignee] = useState(incident.assignee?.subject ?? '');
  const [reason, setReason] = useState<ResolutionReason | ''>('');
  const [comment, setComment] = useState('');
  const [checked, setChecked] = useState(false);
  const error = moving.error ?? saving.error;
  // A refusal naming the reason or the comment is shown on that field.
  const serverField =
    moving.error && isApiErrorBody((moving.error as { data?: unknown }).data)
      ? (moving.error as { data: { field?: string } }).data.field
      : undefined;
  const problem = checked ? resolutionProblem(reason, comment) : null;
  const fieldError = (field: 'reason' | 'comment') =>
    problem?.field === field ? problem.message : serverField === field ? apiErrorMessage(moving.error) : undefined;

  if (canReopen(incident.state)) return <ReopenForm incident={incident} />;
  if (allowed.length === 0) return null;
  const assign = (event: FormEvent) => {
    event.preventDefault();
    if (assignee) void transition({ id: incident.id, body: { to: 'assigned', assignee } });
  };
  const resolve = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!reason || resolutionProblem(reason, comment)) return;
    void transition({ id: incident.id, body: { to: 'resolved', reason, comment: comment.trim() } });
  };
  return (
    <div className="d-grid gap-3 mb-3">
      {error && serverField !== 'reason' && serverField !== 'comment' ? <InlineError>{apiErrorMessage(error)}</InlineError> : null}
      <div className="d-flex flex-wrap gap-3 align-items-end">
        {allowed.includes('acknowledged') ? (
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            disabled={moving.isLoading}
            onClick={() => void transition({ id: incident.id, body: { to: 'acknowledged' } })}
          >
            Acknowledge
          </button>
        ) : null}
        <FormField
          id="incident-severity"
          label="Severity (1 most severe)"
          {...compactSelect}
          value={String(incident.severity)}
          disabled={saving.isLoading}
          onValue={(value) => void setSeverity({ id: incident.id, severity: Number(value) })}
        >
          {Array.from({ length: SEVERITY_MAX - SEVERITY_MIN + 1 }, (_, index) => SEVERITY_MIN + index).map((value) => (
            <option key={value} value={value}>{`Severity ${value}`}</option>
          ))}
        </FormField>
      </div>
      {allowed.includes('assigned') ? (
        <form className="d-flex flex-wrap gap-2 align-items-end" onSubmit={assign} aria-label="Assign the incident">
          <FormField id="incident-assignee" label="Assign to" {...compactSelect} value={assignee} onValue={setAssignee}>
            <option value="">Choose a member</option>
            {(members.data?.members ?? []).map((member) => (
              <option key={member.subject} value={member.subject}>
                {member.username}
              </option>
            ))}
          </FormField>
          <button type="submit" className="btn btn-outline-primary btn-sm" disabled={!assignee || moving.isLoading}>
            Assign
          </button>
        </form>
      ) : null}
      {allowed.includes('resolved') ? (
        <form className="row g-2 align-items-start" onSubmit={resolve} aria-label="Resolve the incident" noValidate>
          <FilterSelect
            id="incident-reason"
            label="Reason"
            compact
            className="col-sm-4"
            value={reason}
            onValue={(value) => setReason(value as ResolutionReason | '')}
            anyLabel="Choose a reason"
            values={resolutionReasons}
            labels={resolutionReasonLabels}
            error={fieldError('reason')}
          />
          <FormField
            id="incident-comment"
            label="Comment"
            compact
            control="textarea"
            className="col-sm-6"
            rows={2}
            maxLength={RESOLUTION_COMMENT_MAX}
            required
            help="What was done or found."
            value={comment}
            onValue={setComment}
            error={fieldError('comment')}
          />
          <div className="col-sm-2 pt-sm-4">
            <button type="submit" className="btn btn-success btn-sm" disabled={moving.isLoading}>
              Resolve
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
