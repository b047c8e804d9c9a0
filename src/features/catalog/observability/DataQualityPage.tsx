// /app/data-catalog/observability/data-quality: every data test of the organisation's dbt
// project with its last result, history and flakiness, summaries per asset, domain and owner,
// and the profile of the asset a chosen test checks. Filters, page and choice live in the address.
import { useSearchParams } from 'react-router-dom';
import { dbtPageOf } from '../../../components/DbtPage';
import { Panel } from '../../../components/Panel';
import { QualityFilters } from './QualityFilters';
import { QualitySummary } from './QualitySummary';
import { QualityTests } from './QualityTests';
import { TestDetail } from './TestDetail';
import '../catalog.css';
import './observability.css';

function DataQuality() {
  const [params] = useSearchParams();
  const testId = params.get('test');
  return (
    <>
      <QualityFilters />
      <QualitySummary />
      <Panel title="Tests" description="Failing first. Unit tests are listed apart: choose them under Type.">
        <QualityTests />
      </Panel>
      {testId ? <TestDetail testId={testId} /> : null}
    </>
  );
}

export default dbtPageOf(
  {
    id: 'data-quality-title',
    title: 'Data Quality',
    intro:
      'Every dbt test with its last result, its history across runs and how often it flips, and warehouse profiles of the assets it checks.',
  },
  DataQuality,
);
