// Writing or editing a knowledge base article: title, category, tags, status and the markdown
// body. The form's own checks name each field; the server's refusal lands on its field.
import { useState } from 'react';
import type { ArticleDetail, ArticleInput, ArticleStatus } from '@common/knowledge/knowledgeContract';
import { LABEL_MAX, MARKDOWN_MAX, TITLE_MAX, splitTags } from '@common/workspace/fieldRules';
import { useCreateArticleMutation, useUpdateArticleMutation } from '../../api/knowledgeApi';
import { useMutationFeedback } from '../../api/useMutationFeedback';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';

interface Props {
  article?: ArticleDetail;
  onDone: (article: ArticleDetail, message: string) => void;
  onCancel: () => void;
}

type Errors = Partial<Record<'title' | 'category' | 'body' | 'tags', string>>;

function check(input: ArticleInput): Errors {
  const errors: Errors = {};
  if (!input.title.trim()) errors.title = 'Enter a title.';
  else if (input.title.trim().length > TITLE_MAX) errors.title = `At most ${TITLE_MAX} characters.`;
  if (!input.category.trim()) errors.category = 'Enter a category.';
  else if (input.category.trim().length > LABEL_MAX) errors.category = `At most ${LABEL_MAX} characters.`;
  if (!input.body.trim()) errors.body = 'Write the article.';
  else if (input.body.length > MARKDOWN_MAX) errors.body = `At most ${MARKDOWN_MAX.toLocaleString('en')} characters.`;
  if ((input.tags ?? []).some((tag) => !/^[a-z0-9][a-z0-9-]*$/.test(tag)))
    errors.tags = 'Tags are lower-case letters, digits and hyphens, separated by commas.';
  return errors;
}

export function ArticleFormDialog({ article, onDone, onCancel }: Props) {
  const [title, setTitle] = useState(article?.title ?? '');
  const [category, setCategory] = useState(article?.category ?? '');
  const [tags, setTags] = useState(article?.tags.join(', ') ?? '');
  const [status, setStatus] = useState<ArticleStatus>(article?.status ?? 'draft');
  const [body, setBody] = useState(article?.body ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const feedback = useMutationFeedback({ fields: ['title', 'category', 'body', 'tags'] });
  const [create, creating] = useCreateArticleMutation();
  const [update, updating] = useUpdateArticleMutation();

  const submit = async () => {
    const input: ArticleInput = { title: title.trim(), category: category.trim(), tags: splitTags(tags), status, body };
    const found = check(input);
    setErrors(found);
    feedback.setError(null);
    if (Object.keys(found).length > 0) return;
    const outcome = await feedback.run(() => (article ? update({ id: article.id, changes: input }) : create(input)));
    if (!outcome.ok) {
      if (outcome.field) setErrors({ [outcome.field]: outcome.message });
      return;
    }
    onDone(outcome.data, article ? `Saved "${outcome.data.title}".` : `Created "${outcome.data.title}".`);
  };

  return (
    <FormDialog
      title={article ? 'Edit article' : 'New article'}
      submitLabel={article ? 'Save' : 'Create'}
      busyLabel="Saving…"
      busy={creating.isLoading || updating.isLoading}
      error={feedback.error}
      onSubmit={() => void submit()}
      onCancel={onCancel}
    >
      <FormField label="Title" value={title} onValue={setTitle} error={errors.title} maxLength={TITLE_MAX + 50} required />
      <FormField label="Category" value={category} onValue={setCategory} error={errors.category} required />
      <FormField label="Tags" value={tags} onValue={setTags} error={errors.tags} help="Separated by commas, e.g. snowflake, cost" />
      <FormField label="Status" control="select" value={status} onValue={(value) => setStatus(value as ArticleStatus)}>
        <option value="draft">Draft (editors only)</option>
        <option value="published">Published</option>
      </FormField>
      <FormField label="Article (markdown)" control="textarea" rows={12} value={body} onValue={setBody} error={errors.body} required />
    </FormDialog>
  );
}
