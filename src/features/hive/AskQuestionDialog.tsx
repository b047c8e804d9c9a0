// Asking Hive: a title, the question in markdown and tags.
import { useState } from 'react';
import type { QuestionDetail } from '@common/hive/hiveContract';
import { MARKDOWN_MAX, TITLE_MAX, splitTags } from '@common/workspace/fieldRules';
import { useAskQuestionMutation } from '../../api/hiveApi';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { MarkdownField } from '../../components/MarkdownField';
import { textError, useCheckedSubmit } from '../../components/useCheckedSubmit';

export function AskQuestionDialog({ onDone, onCancel }: { onDone: (question: QuestionDetail) => void; onCancel: () => void }) {
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [tags, setTags] = useState('');
  const { errors, send, dialogProps } = useCheckedSubmit(['title', 'body', 'tags'] as const);
  const [ask] = useAskQuestionMutation();

  const submit = () =>
    send(
      {
        title: textError(title, TITLE_MAX, 'Enter the question in one line.'),
        body: textError(body, MARKDOWN_MAX, 'Say what you tried and what you expected.', body.length),
      },
      () => ask({ title: title.trim(), body, tags: splitTags(tags) }),
      onDone,
    );

  return (
    <FormDialog title="Ask Hive" submitLabel="Ask" busyLabel="Asking…" {...dialogProps(submit, onCancel)}>
      <FormField label="Question" value={title} onValue={setTitle} error={errors.title} required />
      <MarkdownField label="Details" rows={6} value={body} onValue={setBody} error={errors.body} required />
      <FormField label="Tags" value={tags} onValue={setTags} error={errors.tags} help="Separated by commas, e.g. dbt, freshness" />
    </FormDialog>
  );
}
