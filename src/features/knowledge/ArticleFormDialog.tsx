// Writing or editing a knowledge base article: title, category, tags, status and the markdown
// body. The form's own checks name each field; the server's refusal lands on its field.
import { useState } from 'react';
import type { ArticleDetail, ArticleInput, ArticleStatus } from '@common/knowledge/knowledgeContract';
import { LABEL_MAX, MARKDOWN_MAX, TITLE_MAX, splitTags } from '@common/workspace/fieldRules';
import { useCreateArticleMutation, useUpdateArticleMutation } from '../../api/knowledgeApi';
import { CreateOrEditDialog } from '../../components/CreateOrEditDialog';
import { FormField } from '../../components/FormField';
import { MarkdownField } from '../../components/MarkdownField';
import { textError, useCheckedSubmit } from '../../components/useCheckedSubmit';

interface Props {
  article?: ArticleDetail;
  onDone: (article: ArticleDetail, message: string) => void;
  onCancel: () => void;
}

type Errors = Partial<Record<'title' | 'category' | 'body' | 'tags', string>>;

function check(input: ArticleInput): Errors {
  const errors: Errors = {
    title: textError(input.title, TITLE_MAX, 'Enter a title.'),
    category: textError(input.category, LABEL_MAX, 'Enter a category.'),
    body: textError(input.body, MARKDOWN_MAX, 'Write the article.', input.body.length),
  };
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
  const { errors, send, dialogProps } = useCheckedSubmit(['title', 'category', 'body', 'tags'] as const);
  const [create] = useCreateArticleMutation();
  const [update] = useUpdateArticleMutation();

  const submit = async () => {
    const input: ArticleInput = { title: title.trim(), category: category.trim(), tags: splitTags(tags), status, body };
    const found = check(input);
    await send(
      found,
      () => (article ? update({ id: article.id, changes: input }) : create(input)),
      (data) => onDone(data, article ? `Saved "${data.title}".` : `Created "${data.title}".`),
    );
  };

  return (
    <CreateOrEditDialog editing={Boolean(article)} noun="article" {...dialogProps(submit, onCancel)}>
      <FormField label="Title" value={title} onValue={setTitle} error={errors.title} maxLength={TITLE_MAX + 50} required />
      <FormField label="Category" value={category} onValue={setCategory} error={errors.category} required />
      <FormField label="Tags" value={tags} onValue={setTags} error={errors.tags} help="Separated by commas, e.g. snowflake, cost" />
      <FormField label="Status" control="select" value={status} onValue={(value) => setStatus(value as ArticleStatus)}>
        <option value="draft">Draft (editors only)</option>
        <option value="published">Published</option>
      </FormField>
      <MarkdownField label="Article" rows={12} value={body} onValue={setBody} error={errors.body} required />
    </CreateOrEditDialog>
  );
}
