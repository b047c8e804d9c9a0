// Opening a ticket. The form may come pre-filled from the address (`?subject=…&description=…`,
// how the help assistant hands a conversation over): the values are checked like typed ones and
// the form is never sent without the user pressing the button. The requester's layout settings
// go with the ticket only when they tick the box (off by default).
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { appearanceOf } from '@common/layout/layoutSettings';
import { supportTicketPath } from '@common/paths';
import {
  TICKET_SUBJECT_MAX,
  TICKET_TEXT_MAX,
  ticketCategories,
  ticketCategoryLabels,
  ticketPriorities,
  ticketPriorityLabels,
  serviceTargets,
  type TicketCategory,
  type TicketPriority,
} from '@common/support/supportRules';
import { apiErrorField, apiErrorMessage } from '../../api/apiError';
import { useCreateTicketMutation } from '../../api/supportApi';
import { FilterSelect } from '../../components/FilterSelect';
import { CheckField } from '../../components/CheckField';
import { FormField } from '../../components/FormField';
import { InlineError } from '../../components/InlineError';
import { selectLayout } from '../../layout';
import { useAppSelector } from '../../state/hooks';

type Field = 'subject' | 'description';

function problemOf(value: string, max: number): string | undefined {
  if (!value.trim()) return 'must not be empty';
  if (value.trim().length > max) return `must be at most ${max} characters (this has ${value.trim().length})`;
  return undefined;
}

export function NewTicketForm({ prefill, onCancel }: { prefill: { subject: string; description: string } | null; onCancel: () => void }) {
  const navigate = useNavigate();
  const layout = useAppSelector(selectLayout);
  const [subject, setSubject] = useState(prefill?.subject.slice(0, TICKET_SUBJECT_MAX + 50) ?? '');
  const [description, setDescription] = useState(prefill?.description.slice(0, TICKET_TEXT_MAX + 50) ?? '');
  const [category, setCategory] = useState<TicketCategory>('question');
  const [priority, setPriority] = useState<TicketPriority>('normal');
  const [shareLayout, setShareLayout] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(() =>
    // Pre-filled text is checked at once, so an over-long hand-off is flagged before sending.
    prefill
      ? Object.fromEntries(
          (
            [
              ['subject', prefill.subject, TICKET_SUBJECT_MAX],
              ['description', prefill.description, TICKET_TEXT_MAX],
            ] as const
          )
            .filter(([, value]) => value.trim().length > 0)
            .map(([field, value, max]) => [field, problemOf(value, max)])
            .filter(([, problem]) => problem),
        )
      : {},
  );
  const [create, { isLoading, error }] = useCreateTicketMutation();
  const serverField = apiErrorField(error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const subjectProblem = problemOf(subject, TICKET_SUBJECT_MAX);
    const descriptionProblem = problemOf(description, TICKET_TEXT_MAX);
    if (subjectProblem) found.subject = subjectProblem;
    if (descriptionProblem) found.description = descriptionProblem;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const answer = await create({
      subject: subject.trim(),
      description: description.trim(),
      category,
      priority,
      ...(shareLayout ? { layoutSettings: appearanceOf(layout) } : {}),
    });
    if ('data' in answer && answer.data) navigate(supportTicketPath(answer.data.id));
  };

  const fieldError = (field: Field) => errors[field] ?? (serverField === field ? apiErrorMessage(error) : undefined);
  const target = serviceTargets[priority];

  return (
    <form className="card dw-card mb-4" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="new-ticket-title">
      <div className="card-body">
        <h2 id="new-ticket-title" className="h5">
          New ticket
        </h2>
        {prefill ? (
          <p className="small text-body-secondary">Filled in from your conversation with the help assistant. Check it, then send it.</p>
        ) : null}
        <FormField
          label="Subject"
          value={subject}
          onValue={setSubject}
          error={fieldError('subject')}
          maxLength={TICKET_SUBJECT_MAX + 50}
          required
        />
        <div className="row">
          <div className="col-sm-6">
            <FilterSelect
              label="Category"
              className="mb-3"
              value={category}
              onValue={(value) => setCategory(value as TicketCategory)}
              values={ticketCategories}
              labels={ticketCategoryLabels}
            />
          </div>
          <div className="col-sm-6">
            <FilterSelect
              label="Priority"
              className="mb-3"
              value={priority}
              onValue={(value) => setPriority(value as TicketPriority)}
              help={`First response within ${target.firstResponseHours} h, solution within ${target.resolutionHours} h.`}
              values={ticketPriorities}
              labels={ticketPriorityLabels}
            />
          </div>
        </div>
        <FormField
          label="Description"
          control="textarea"
          rows={8}
          value={description}
          onValue={setDescription}
          error={fieldError('description')}
          help="Markdown works: **bold**, lists, `code`, links. What did you do, what did you expect, what happened?"
          required
        />
        <CheckField
          id="ticket-share-layout"
          label="Include my layout settings"
          help="Support staff can then see the portal as you see it (menu, colours, direction). Nothing else is shared."
          className="mb-3"
          checked={shareLayout}
          onChecked={setShareLayout}
        />
        {error && !serverField ? <InlineError>{apiErrorMessage(error)}</InlineError> : null}
        {error && serverField && serverField !== 'subject' && serverField !== 'description' ? (
          <InlineError>{apiErrorMessage(error)}</InlineError>
        ) : null}
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={isLoading}>
            {isLoading ? 'Sending…' : 'Send ticket'}
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    </form>
  );
}
