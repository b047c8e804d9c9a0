// Governance's endpoints (common/api/endpoint.ts): the glossary, classifications, metrics, an
// asset's governance and the governance settings. The server registers its routes from them and
// the browser builds its requests from them. Types only come from the contracts.
import { endpoint } from '../api/endpoint';
import type { AssetGovernanceResponse } from './assetContract';
import type {
  ApplicationsResponse,
  ApplyBody,
  ClassificationBody,
  ClassificationListResponse,
  SuggestionDecisionBody,
  SuggestionState,
  SuggestionsResponse,
  TagBody,
} from './classificationsContract';
import type {
  GlossaryBody,
  GlossaryListResponse,
  GlossaryRecord,
  TermCreateBody,
  TermDetailResponse,
  TermImportResponse,
  TermLinkBody,
  TermListResponse,
  TermRecord,
  TermTransitionBody,
  TermUpdateBody,
} from './glossaryContract';
import type { TermStatus } from './glossaryRules';
import type { MetricDetailResponse, MetricGrain, MetricsListResponse, MetricValuesResponse } from './metricsContract';
import type { GovernanceSettings, GovernanceSettingsResponse } from './settingsContract';

type ByGlossary = { glossaryId: string };
type ByTerm = { termId: string };
type ByMetric = { metricId: string };
type Created = { id: string };
/** Which tag goes on (or comes off) which asset or column; a column name of null means the asset itself. */
type TagTarget = { tagId: string; nodeId: string; columnName?: string | null };
/** Which asset or column a term is unlinked from. */
type LinkTarget = { nodeId: string; columnName?: string | null };

const GLOSSARY = '/api/catalog/governance';
const CLASSIFICATIONS = '/api/catalog/governance/classifications';

export const catalogGovernanceEndpoints = {
  assetGovernance: endpoint<{ query: { assetId: string }; response: AssetGovernanceResponse }>()('GET', `${GLOSSARY}/asset`),

  glossaries: endpoint<{ response: GlossaryListResponse }>()('GET', `${GLOSSARY}/glossaries`),
  createGlossary: endpoint<{ body: GlossaryBody; response: { glossary: GlossaryRecord } }>()('POST', `${GLOSSARY}/glossaries`, 201),
  updateGlossary: endpoint<{ params: ByGlossary; body: GlossaryBody; response: { glossary: GlossaryRecord } }>()(
    'PUT',
    `${GLOSSARY}/glossaries/:glossaryId`,
  ),
  deleteGlossary: endpoint<{ params: ByGlossary; response: void }>()('DELETE', `${GLOSSARY}/glossaries/:glossaryId`, 204),
  terms: endpoint<{ params: ByGlossary; query: { status?: TermStatus[]; q?: string }; response: TermListResponse }>()(
    'GET',
    `${GLOSSARY}/glossaries/:glossaryId/terms`,
  ),
  createTerm: endpoint<{ params: ByGlossary; body: TermCreateBody; response: { term: TermRecord } }>()(
    'POST',
    `${GLOSSARY}/glossaries/:glossaryId/terms`,
    201,
  ),
  importTerms: endpoint<{ params: ByGlossary; body: { csv: string }; response: TermImportResponse }>()(
    'POST',
    `${GLOSSARY}/glossaries/:glossaryId/import`,
  ),
  term: endpoint<{ params: ByTerm; response: TermDetailResponse }>()('GET', `${GLOSSARY}/terms/:termId`),
  updateTerm: endpoint<{ params: ByTerm; body: TermUpdateBody; response: { term: TermRecord } }>()('PATCH', `${GLOSSARY}/terms/:termId`),
  deleteTerm: endpoint<{ params: ByTerm; response: void }>()('DELETE', `${GLOSSARY}/terms/:termId`, 204),
  transitionTerm: endpoint<{ params: ByTerm; body: TermTransitionBody; response: { term: TermRecord } }>()(
    'POST',
    `${GLOSSARY}/terms/:termId/transitions`,
  ),
  linkTerm: endpoint<{ params: ByTerm; body: TermLinkBody; response: void }>()('POST', `${GLOSSARY}/terms/:termId/links`, 204),
  // A DELETE carries no body: what to unlink goes in the query.
  unlinkTerm: endpoint<{ params: ByTerm; query: LinkTarget; response: void }>()('DELETE', `${GLOSSARY}/terms/:termId/links`, 204),

  classifications: endpoint<{ response: ClassificationListResponse }>()('GET', CLASSIFICATIONS),
  createClassification: endpoint<{ body: ClassificationBody; response: Created }>()('POST', CLASSIFICATIONS, 201),
  deleteClassification: endpoint<{ params: { classificationId: string }; response: void }>()(
    'DELETE',
    `${CLASSIFICATIONS}/:classificationId`,
    204,
  ),
  createTag: endpoint<{ params: { classificationId: string }; body: TagBody; response: Created }>()(
    'POST',
    `${CLASSIFICATIONS}/:classificationId/tags`,
    201,
  ),
  deleteTag: endpoint<{ params: { tagId: string }; response: void }>()('DELETE', `${CLASSIFICATIONS}/tags/:tagId`, 204),
  applications: endpoint<{ query: { tagId?: string; nodeId?: string; limit?: number }; response: ApplicationsResponse }>()(
    'GET',
    `${CLASSIFICATIONS}/applications`,
  ),
  applyTag: endpoint<{ body: ApplyBody; response: void }>()('POST', `${CLASSIFICATIONS}/applications`, 204),
  // A DELETE carries no body: what to remove goes in the query.
  removeTag: endpoint<{ query: TagTarget; response: void }>()('DELETE', `${CLASSIFICATIONS}/applications`, 204),
  suggestions: endpoint<{ query: { state?: SuggestionState }; response: SuggestionsResponse }>()('GET', `${CLASSIFICATIONS}/suggestions`),
  // Accepted: the scan runs on the job runner.
  scanSuggestions: endpoint<{ response: { jobId: string } }>()('POST', `${CLASSIFICATIONS}/suggestions/scan`, 202),
  decideSuggestion: endpoint<{ params: { suggestionId: string }; body: SuggestionDecisionBody; response: void }>()(
    'POST',
    `${CLASSIFICATIONS}/suggestions/:suggestionId/decision`,
    204,
  ),

  metrics: endpoint<{ response: MetricsListResponse }>()('GET', '/api/catalog/governance/metrics'),
  metric: endpoint<{ params: ByMetric; response: MetricDetailResponse }>()('GET', '/api/catalog/governance/metrics/:metricId'),
  metricValues: endpoint<{ params: ByMetric; query: { grain?: MetricGrain; periods?: number }; response: MetricValuesResponse }>()(
    'GET',
    '/api/catalog/governance/metrics/:metricId/values',
  ),

  settings: endpoint<{ response: GovernanceSettingsResponse }>()('GET', '/api/catalog/governance/settings'),
  saveSettings: endpoint<{ body: GovernanceSettings; response: GovernanceSettingsResponse }>()('PUT', '/api/catalog/governance/settings'),
};
