// Adding or editing an FAQ entry (admins): topic, question and the markdown answer.
import { useState } from 'react';
import { FAQ_ANSWER_MAX, type FaqEntry } from '@common/knowledge/knowledgeContract';
import { LABEL_MAX, TITLE_MAX } from '@common/workspace/fieldRules';
import { useCreateFaqMutation, useUpdateFaqMutation } from '../../api/knowledgeApi';
import { useMutationFeedback } from '../../api/useMutationFeedback';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';

type Field = 'topic' | 'question' | 'answer';

export function FaqEntryDialog({ entry, onDone, onCancel }: { entry?: FaqEntry; onDone: (message: string) => void; onCancel: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({
    topic: entry?.topic ?? '',
    question: entry?.question ?? '',
    answer: entry?.answer ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const feedback = useMutationFeedback({ fields: ['topic', 'question', 'answer'] });
  const [create, creating] = useCreateFaqMutation();
  const [update, updating] = useUpdateFaqMutation();
  const limits: Record<Field, number> = { topic: LABEL_MAX, question: TITLE_MAX, answer: FAQ_ANSWER_MAX };
  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async () => {
    const found: Partial<Record<Field, string>> = {};
    for (const field of ['topic', 'question', 'answer'] as const) {
      if (!values[field].trim()) found[field] = 'Must not be empty.';
      else if (values[field].trim().length > limits[field]) found[field] = `At most ${limits[field]} characters.`;
    }
    setErrors(found);
    feedback.setError(null);
    if (Object.keys(found).length > 0) return;
    const input = { topic: values.topic.trim(), question: values.question.trim(), answer: values.answer };
    const outcome = await feedback.run(() => (entry ? update({ id: entry.id, changes: input }) : create(input)));
    if (!outcome.ok) {
      if (outcome.field) setErrors({ [outcome.field]: outcome.message });
      return;
    }
    onDone(entry ? 'Saved the entry.' : 'Added the entry.');
  };

  return (
    <FormDialog
      title={entry ? 'Edit FAQ entry' : 'New FAQ entry'}
      submitLabel={entry ? 'Save' : 'Add'}
      busyLabel="Saving…"
      busy={creating.isLoading || updating.isLoading}
      error={feedback.error}
      onSubmit={() => void submit()}
      onCancel={onCancel}
    >
      <FormField label="Topic" value={values.topic} onValue={set('topic')} error={errors.topic} required />
      <FormField label="Question" value={values.question} onValue={set('question')} error={errors.question} required />
      <FormField
        label="Answer (markdown)"
        control="textarea"
        rows={6}
        value={values.answer}
        onValue={set('answer')}
        error={errors.answer}
        required
      />
    </FormDialog>
  );
}
