// The tests themselves, paged by the server, failing first: each opens its history below.
import { Link, useSearchParams } from 'react-router-dom';
import { FLAKY_MIN_FLIPS, FLAKY_WINDOW, type QualityTest } from '@common/catalog-quality/qualityContract';
import { useListQualityTestsQuery } from '../../../api/catalogQualityApi';
import { DateTimeText } from '../../../components/DateTimeText';
import { formatCount } from '../../../components/format';
import { QueryResult } from '../../../components/QueryResult';
import { SimpleTable } from '../../../components/SimpleTable';
import { nodePagePath } from '../nodePagePath';
import { pageOf, QUALITY_PAGE_SIZE, testsQuery, withParam } from './qualityParams';
import { RecentRuns, TestStatusBadge } from './StatusBadge';

function Rows({ tests }: { tests: QualityTest[] }) {
  const [params] = useSearchParams();
  return (
    <SimpleTable
      caption="Data tests"
      rows={tests}
      rowKey={(test) => test.uniqueId}
      rowProps={(test) => ({ 'aria-current': params.get('test') === test.uniqueId ? 'true' : undefined })}
      columns={[
        {
          header: 'Test',
          rowHeader: true,
          cellClassName: 'text-break',
          cell: (test) => <Link to={`?${withParam(params, 'test', test.uniqueId).toString()}#test-detail`}>{test.name}</Link>,
        },
        {
          header: 'Asset',
          cell: (test) => (test.assetId ? <Link to={nodePagePath(test.assetId)}>{test.assetName ?? test.assetId}</Link> : '–'),
        },
        { header: 'Column', cell: (test) => test.column ?? '–' },
        { header: 'Type', cell: (test) => (test.kind ? `${test.type} (${test.kind})` : test.type) },
        { header: 'Severity', cell: (test) => test.severity },
        { header: 'Status', cell: (test) => <TestStatusBadge status={test.status} /> },
        { header: 'Failing rows', className: 'text-end', cell: (test) => (test.failures === null ? '–' : formatCount(test.failures)) },
        { header: 'Last run', cellClassName: 'text-nowrap', cell: (test) => <DateTimeText iso={test.executedAt} /> },
        { header: 'Recent runs', cell: (test) => <RecentRuns recent={test.recent} /> },
        {
          header: 'Flips',
          className: 'text-end',
          cell: (test) => (
            <>
              {test.flips}
              {test.flips >= FLAKY_MIN_FLIPS ? <span className="badge text-bg-warning ms-1">flaky</span> : null}
            </>
          ),
        },
      ]}
    />
  );
}

function Pages({ total }: { total: number }) {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const pages = Math.max(1, Math.ceil(total / QUALITY_PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Test pages" className="d-flex align-items-center gap-2">
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={page <= 1}
        onClick={() => setParams(withParam(params, 'page', page - 1 > 1 ? String(page - 1) : null))}
      >
        Previous
      </button>
      <span className="small">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={page >= pages}
        onClick={() => setParams(withParam(params, 'page', String(page + 1)))}
      >
        Next
      </button>
    </nav>
  );
}

export function QualityTests() {
  const [params] = useSearchParams();
  const qualityTests = useListQualityTestsQuery(testsQuery(params));
  return (
    <QueryResult query={qualityTests} loadingLabel="Loading the tests…" errorTitle="The tests could not be loaded">
      {(result) => (
        <>
          <p className="small text-body-secondary" role="status">
            {`${formatCount(result.total)} tests. Flips: status changes over the last ${FLAKY_WINDOW} runs; ${FLAKY_MIN_FLIPS} or more is flaky.`}
          </p>
          {result.tests.length > 0 ? <Rows tests={result.tests} /> : <p>No test matches these filters.</p>}
          <Pages total={result.total} />
        </>
      )}
    </QueryResult>
  );
}
