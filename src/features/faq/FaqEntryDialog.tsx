// Adding or editing an FAQ entry (admins): topic, question and the markdown answer.
import { useState } from 'react';
import { FAQ_ANSWER_MAX, type FaqEntry } from '@common/knowledge/knowledgeContract';
import { LABEL_MAX, TITLE_MAX } from '@common/workspace/fieldRules';
import { useCreateFaqMutation, useUpdateFaqMutation } from '../../api/knowledgeApi';
import { CreateOrEditDialog } from '../../components/CreateOrEditDialog';
import { FormField } from '../../components/FormField';
import { MarkdownField } from '../../components/MarkdownField';
import { useCheckedSubmit } from '../../components/useCheckedSubmit';

type Field = 'topic' | 'question' | 'answer';

export function FaqEntryDialog({ entry, onDone, onCancel }: { entry?: FaqEntry; onDone: (message: string) => void; onCancel: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({
    topic: entry?.topic ?? '',
    question: entry?.question ?? '',
    answer: entry?.answer ?? '',
  });
  const { errors, send, dialogProps } = useCheckedSubmit(['topic', 'question', 'answer'] as const);
  const [create] = useCreateFaqMutation();
  const [update] = useUpdateFaqMutation();
  const limits: Record<Field, number> = { topic: LABEL_MAX, question: TITLE_MAX, answer: FAQ_ANSWER_MAX };
  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async () => {
    const found: Partial<Record<Field, string>> = {};
    for (const field of ['topic', 'question', 'answer'] as const) {
      if (!values[field].trim()) found[field] = 'Must not be empty.';
      else if (values[field].trim().length > limits[field]) found[field] = `At most ${limits[field]} characters.`;
    }
    const input = { topic: values.topic.trim(), question: values.question.trim(), answer: values.answer };
    await send(
      found,
      () => (entry ? update({ id: entry.id, changes: input }) : create(input)),
      () => onDone(entry ? 'Saved the entry.' : 'Added the entry.'),
    );
  };

  return (
    <CreateOrEditDialog editing={Boolean(entry)} noun="FAQ entry" createLabel="Add" {...dialogProps(submit, onCancel)}>
      <FormField label="Topic" value={values.topic} onValue={set('topic')} error={errors.topic} required />
      <FormField label="Question" value={values.question} onValue={set('question')} error={errors.question} required />
      <MarkdownField label="Answer" rows={6} value={values.answer} onValue={set('answer')} error={errors.answer} required />
    </CreateOrEditDialog>
  );
}
