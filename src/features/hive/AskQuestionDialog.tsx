// Asking Hive: a title, the question in markdown and tags.
import { useState } from 'react';
import type { QuestionDetail } from '@common/hive/hiveContract';
import { MARKDOWN_MAX, TITLE_MAX, splitTags } from '@common/workspace/fieldRules';
import { useAskQuestionMutation } from '../../api/hiveApi';
import { useMutationFeedback } from '../../api/useMutationFeedback';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';

export function AskQuestionDialog({ onDone, onCancel }: { onDone: (question: QuestionDetail) => void; onCancel: () => void }) {
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [tags, setTags] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'title' | 'body' | 'tags', string>>>({});
  const feedback = useMutationFeedback({ fields: ['title', 'body', 'tags'] });
  const [ask, asking] = useAskQuestionMutation();

  const submit = async () => {
    const found: typeof errors = {};
    if (!title.trim()) found.title = 'Enter the question in one line.';
    else if (title.trim().length > TITLE_MAX) found.title = `At most ${TITLE_MAX} characters.`;
    if (!body.trim()) found.body = 'Say what you tried and what you expected.';
    else if (body.length > MARKDOWN_MAX) found.body = `At most ${MARKDOWN_MAX.toLocaleString('en')} characters.`;
    setErrors(found);
    feedback.setError(null);
    if (Object.keys(found).length > 0) return;
    const outcome = await feedback.run(() => ask({ title: title.trim(), body, tags: splitTags(tags) }));
    if (!outcome.ok) {
      if (outcome.field) setErrors({ [outcome.field]: outcome.message });
      return;
    }
    onDone(outcome.data);
  };

  return (
    <FormDialog
      title="Ask Hive"
      submitLabel="Ask"
      busyLabel="Asking…"
      busy={asking.isLoading}
      error={feedback.error}
      onSubmit={() => void submit()}
      onCancel={onCancel}
    >
      <FormField label="Question" value={title} onValue={setTitle} error={errors.title} required />
      <FormField label="Details (markdown)" control="textarea" rows={6} value={body} onValue={setBody} error={errors.body} required />
      <FormField label="Tags" value={tags} onValue={setTags} error={errors.tags} help="Separated by commas, e.g. dbt, freshness" />
    </FormDialog>
  );
}
