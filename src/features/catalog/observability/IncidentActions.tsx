// The moves on an open incident for those who may make them: acknowledge, assign to a member,
// resolve with a reason and a comment, and set the severity. The server checks each again; its
// refusal (a move another person made first, say) is shown beside the controls.
import { useState, type FormEvent } from 'react';
import {
  allowedTransitions,
  resolutionReasonLabels,
  resolutionReasons,
  SEVERITY_MAX,
  SEVERITY_MIN,
  type ResolutionReason,
} from '@common/catalog-quality/incidentRules';
import type { IncidentRecord } from '@common/catalog-quality/incidentsContract';
import { apiErrorMessage } from '../../../api/apiError';
import { useGetIncidentMembersQuery, useSetIncidentSeverityMutation, useTransitionIncidentMutation } from '../../../api/catalogQualityApi';
import { FilterSelect } from '../../../components/FilterSelect';
import { FormField } from '../../../components/FormField';
import { InlineError } from '../../../components/InlineError';

// The selects of the moves: small, in a row of controls.
const compactSelect = { control: 'select', compact: true, className: '' } as const;

export function IncidentActions({ incident }: { incident: IncidentRecord }) {
  const allowed = allowedTransitions(incident.state);
  const members = useGetIncidentMembersQuery();
  const [transition, moving] = useTransitionIncidentMutation();
  const [setSeverity, saving] = useSetIncidentSeverityMutation();
  const [assignee, setAssignee] = useState(incident.assignee?.subject ?? '');
  const [reason, setReason] = useState<ResolutionReason>('fixed');
  const [comment, setComment] = useState('');
  const error = moving.error ?? saving.error;

  if (allowed.length === 0) return null;
  const assign = (event: FormEvent) => {
    event.preventDefault();
    if (assignee) void transition({ id: incident.id, body: { to: 'assigned', assignee } });
  };
  const resolve = (event: FormEvent) => {
    event.preventDefault();
    void transition({ id: incident.id, body: { to: 'resolved', reason, ...(comment.trim() ? { comment: comment.trim() } : {}) } });
  };
  return (
    <div className="d-grid gap-3 mb-3">
      {error ? <InlineError>{apiErrorMessage(error)}</InlineError> : null}
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
        <form className="row g-2 align-items-end" onSubmit={resolve} aria-label="Resolve the incident">
          <FilterSelect
            id="incident-reason"
            label="Reason"
            compact
            className="col-sm-4"
            value={reason}
            onValue={(value) => setReason(value as ResolutionReason)}
            values={resolutionReasons}
            labels={resolutionReasonLabels}
          />
          <FormField
            id="incident-comment"
            label="Comment"
            compact
            control="textarea"
            className="col-sm-6"
            rows={1}
            maxLength={2000}
            value={comment}
            onValue={setComment}
          />
          <div className="col-sm-2">
            <button type="submit" className="btn btn-success btn-sm" disabled={moving.isLoading}>
              Resolve
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
