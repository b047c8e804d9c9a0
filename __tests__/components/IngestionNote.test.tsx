// The note under every dbt page's heading: which project and build it reads, or each project's
// when the organisation has several.
import { render, screen } from '@testing-library/react';
import { IngestionNote } from '../../src/components/DbtPage';
import { ingestion } from '../helpers/dbtFixtures';

test('one project: its name and dbt version', () => {
  render(<IngestionNote ingestion={ingestion} />);
  expect(screen.getByText(/From the dbt project/).textContent).toMatch(/^From the dbt project acme_shop \(dbt 1\.9\.4\), built /);
});

test('several projects: each by name with its own dbt version', () => {
  const core = { ...ingestion, id: 'c', projectName: 'core', dbtVersion: '1.10.2' };
  render(<IngestionNote ingestion={core} projects={[core, ingestion]} />);
  const note = screen.getByText(/From 2 dbt projects/).textContent ?? '';
  expect(note).toMatch(/^From 2 dbt projects: core \(dbt 1\.10\.2\), built .+; acme_shop \(dbt 1\.9\.4\), built .+\.$/);
});
