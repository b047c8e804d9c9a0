// /app/data-catalog/governance/classifications: the organisation's tag categories (PII and Tier
// to start with), each tag with how many assets and columns carry it; where a chosen tag applies;
// applying tags (editors); and personal data suggested from column names and sampled values.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ClassificationRecord } from '@common/catalog-governance/classificationsContract';
import { apiErrorMessage } from '../../../../api/apiError';
import { useCreateClassificationMutation, useCreateTagMutation, useListClassificationsQuery } from '../../../../api/catalogGovernanceApi';
import { mutationOutcome } from '../../../../api/useMutationFeedback';
import { CheckField } from '../../../../components/CheckField';
import { InlineError } from '../../../../components/InlineError';
import { Panel } from '../../../../components/Panel';
import { QueryResult } from '../../../../components/QueryResult';
import { SimpleTable } from '../../../../components/SimpleTable';
import { GovernanceFrame } from '../GovernanceFrame';
import { ApplyTagForm } from './ApplyTagForm';
import { SuggestionsPanel } from './SuggestionsPanel';
import { TagApplications } from './TagApplications';
import { FormField } from '../../../../components/FormField';

function NewTag({ category }: { category: ClassificationRecord }) {
  const [create, creating] = useCreateTagMutation();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim())
      void create({ classificationId: category.id, body: { name: name.trim() } }).then(
        (result) => mutationOutcome(result).ok && setName(''),
      );
  };
  const id = `new-tag-${category.id}`;
  return (
    <form className="d-flex gap-2 align-items-end mt-2" onSubmit={submit} aria-label={`New tag in ${category.name}`}>
      <div>
        <label htmlFor={id} className="form-label small mb-1">{`New tag in ${category.name}`}</label>
        <input
          id={id}
          className="form-control form-control-sm"
          value={name}
          maxLength={64}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-outline-primary btn-sm" disabled={!name.trim() || creating.isLoading}>
        Add tag
      </button>
      {creating.error ? <InlineError>{apiErrorMessage(creating.error)}</InlineError> : null}
    </form>
  );
}

function NewClassification() {
  const [create, creating] = useCreateClassificationMutation();
  const [name, setName] = useState('');
  const [exclusive, setExclusive] = useState(true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim())
      void create({ name: name.trim(), mutuallyExclusive: exclusive }).then((result) => mutationOutcome(result).ok && setName(''));
  };
  return (
    <form className="row g-2 align-items-end" onSubmit={submit} aria-label="New classification">
      <FormField
        id="new-classification"
        label="New classification"
        compact
        className="col-md-5"
        value={name}
        maxLength={64}
        onValue={setName}
      />
      <CheckField
        id="new-classification-exclusive"
        label="Mutually exclusive (one tag per asset or column)"
        checked={exclusive}
        className="col-md-4 ms-2"
        labelClassName="small"
        onChecked={setExclusive}
      />
      <div className="col-md-2">
        <button type="submit" className="btn btn-outline-primary btn-sm" disabled={!name.trim() || creating.isLoading}>
          Add
        </button>
      </div>
      {creating.error ? (
        <div className="col-12">
          <InlineError>{apiErrorMessage(creating.error)}</InlineError>
        </div>
      ) : null}
    </form>
  );
}

export default function ClassificationsPage() {
  const classificationsQuery = useListClassificationsQuery();
  const [params, setParams] = useSearchParams();
  const tagId = params.get('tag');
  return (
    <GovernanceFrame
      id="classifications-title"
      title="Classifications"
      intro="Tags that say how sensitive or critical data is, applied to assets and columns by people, mapped in from dbt tags and meta (pii, tier1 … tier5, meta.contains_pii, meta.tier), and suggested for personal data."
    >
      <QueryResult
        query={classificationsQuery}

        keepWhileRefetching
        loadingLabel="Loading the classifications…"
        errorTitle="The classifications could not be loaded"
      >
        {({ classifications, editor }) => {
          const chosen = classifications.find((category) => category.tags.some((tag) => tag.id === tagId));
          return (
            <>
              <Panel title="Categories and tags" description="Usage counts assets and columns, whoever applied the tag.">
                <div className="row g-3">
                  {classifications.map((category) => (
                    <div className="col-lg-6" key={category.id}>
                      <h3 className="h6 mb-1">{category.name}</h3>
                      <p className="small text-body-secondary mb-2">{`${category.mutuallyExclusive ? 'Mutually exclusive: one tag per asset or column.' : 'Several tags may apply together.'} ${category.description}`}</p>
                      <SimpleTable
                        caption={`Tags of ${category.name}`}
                        className="table table-sm mb-0"
                        responsive={false}
                        rows={category.tags}
                        rowProps={(tag) => ({ 'aria-current': tag.id === tagId ? 'true' : undefined })}
                        columns={[
                          {
                            header: 'Tag',
                            rowHeader: true,
                            cell: (tag) => (
                              <button
                                type="button"
                                className="btn btn-link btn-sm p-0"
                                onClick={() => setParams(new URLSearchParams({ tag: tag.id }))}
                              >
                                {`${category.name}.${tag.name}`}
                              </button>
                            ),
                          },
                          { header: 'Usage', className: 'text-end', cell: (tag) => tag.usage },
                        ]}
                      />
                      {editor ? <NewTag category={category} /> : null}
                    </div>
                  ))}
                </div>
                {editor ? (
                  <div className="mt-4">
                    <NewClassification />
                  </div>
                ) : null}
              </Panel>
              {chosen && tagId ? <TagApplications category={chosen} tagId={tagId} editor={editor} /> : null}
              {editor ? (
                <Panel title="Apply a tag" description="To an asset, or to one of its columns.">
                  <ApplyTagForm classifications={classifications} />
                </Panel>
              ) : null}
              <SuggestionsPanel editor={editor} />
            </>
          );
        }}
      </QueryResult>
    </GovernanceFrame>
  );
}
