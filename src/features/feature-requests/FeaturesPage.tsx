// /app/features: the organisation's feature requests and the roadmap, most voted first, with
// search and a status filter. Each request has its own page.
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { featureStatuses, featureStatusLabels, type FeatureStatus } from '@common/feature-requests/featureRules';
import { featureRequestPath } from '@common/paths';
import { useListFeaturesQuery } from '../../api/featureRequestsApi';
import { EmptyState } from '../../components/EmptyState';
import { FilterForm } from '../../components/FilterForm';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';
import { PageHeader } from '../../components/PageHeader';
import { QueryResult } from '../../components/QueryResult';
import { withSearchParam } from '../../components/SearchBar';
import { useDebounced } from '../../components/useDebounced';
import { SimpleTable } from '../../components/SimpleTable';
import { FeatureStatusBadge } from './FeatureStatusBadge';
import { ProposeFeatureDialog } from './ProposeFeatureDialog';

export default function FeaturesPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebounced(search.trim());
  const status = (params.get('status') ?? '') as FeatureStatus | '';
  const [proposing, setProposing] = useState(false);
  const list = useListFeaturesQuery({ q: q || undefined, status: status || undefined });

  return (
    <>
      <PageHeader title="Features" action={{ label: 'Propose a feature', onClick: () => setProposing(true) }} />
      <p className="text-body-secondary">Ask for what you miss, vote for what matters to you, and follow it on the roadmap.</p>
      <FilterForm label="Search feature requests">
        <FormField label="Search" type="search" className="flex-grow-1" value={search} onValue={setSearch} />
        <FilterSelect
          label="Status"
          value={status}
          onValue={(value) => setParams((current) => withSearchParam(current, 'status', value))}
          anyLabel="Every status"
          values={featureStatuses}
          labels={featureStatusLabels}
        />
      </FilterForm>
      <QueryResult query={list} loadingLabel="Loading feature requests…" errorTitle="The feature requests could not be loaded">
        {(data) =>
          data.features.length === 0 ? (
            <EmptyState title={q || status ? 'No request matches.' : 'No feature requests yet.'}>
              <p className="text-body-secondary mb-0">Propose the first one.</p>
            </EmptyState>
          ) : (
            <SimpleTable
              caption="Feature requests, most voted first"
              className="table align-middle mb-0"
              card
              rows={data.features}
              columns={[
                {
                  header: 'Request',
                  cell: (feature) => (
                    <>
                      <Link to={featureRequestPath(feature.id)}>{feature.title}</Link>
                      <div className="small text-body-secondary">by {feature.authorUsername}</div>
                    </>
                  ),
                },
                { header: 'Status', cell: (feature) => <FeatureStatusBadge status={feature.status} /> },
                {
                  header: 'Votes',
                  className: 'text-end',
                  cell: (feature) => (
                    <>
                      {feature.votes}
                      {feature.myVote ? <span className="visually-hidden"> (including yours)</span> : null}
                    </>
                  ),
                },
                { header: 'Comments', className: 'text-end', cell: (feature) => feature.comments },
              ]}
            />
          )
        }
      </QueryResult>
      {proposing ? (
        <ProposeFeatureDialog onCancel={() => setProposing(false)} onDone={(feature) => navigate(featureRequestPath(feature.id))} />
      ) : null}
    </>
  );
}
