// The tests themselves, paged by the server, failing first: each opens its history below.
import { Link, useSearchParams } from 'react-router-dom';
import { FLAKY_MIN_FLIPS, FLAKY_WINDOW } from '@common/catalog-quality/qualityContract';
import { useListQualityTestsQuery } from '../../../api/catalogQualityApi';
import { DateTimeText } from '../../../components/DateTimeText';
import { formatCount } from '../../../components/format';
import { QueryResult } from '../../../components/QueryResult';
import { nodePagePath } from '../nodePagePath';
import { AddressPages, OpenableTable } from './OpenableList';
import { QUALITY_PAGE_SIZE, testsQuery } from './qualityParams';
import { RecentRuns, TestStatusBadge } from './StatusBadge';

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
          {result.tests.length > 0 ? (
            <OpenableTable
              caption="Data tests"
              rows={result.tests}
              rowId={(test) => test.uniqueId}
              param="test"
              nameHeader="Test"
              name={(test) => test.name}
              columns={[
                {
                  header: 'Asset',
                  cell: (test) => (test.assetId ? <Link to={nodePagePath(test.assetId)}>{test.assetName ?? test.assetId}</Link> : '–'),
                },
                { header: 'Column', cell: (test) => test.column ?? '–' },
                { header: 'Type', cell: (test) => (test.kind ? `${test.type} (${test.kind})` : test.type) },
                { header: 'Severity', cell: (test) => test.severity },
                { header: 'Status', cell: (test) => <TestStatusBadge status={test.status} /> },
                {
                  header: 'Failing rows',
                  className: 'text-end',
                  cell: (test) => (test.failures === null ? '–' : formatCount(test.failures)),
                },
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
          ) : (
            <p>No test matches these filters.</p>
          )}
          <AddressPages label="Test pages" total={result.total} pageSize={QUALITY_PAGE_SIZE} />
        </>
      )}
    </QueryResult>
  );
}
