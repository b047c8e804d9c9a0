// Answers of the governance APIs for page tests: a glossary with terms kept in memory, so the
// pages' writes come back on their next read, and a fake backend recording each request.
import type { InternalAxiosRequestConfig } from 'axios';
import type { GlossaryRecord, TermDetailResponse, TermRecord } from '../../../../common/catalog-governance/glossaryContract';
import { canMoveTerm, type TermStatus } from '../../../../common/catalog-governance/glossaryRules';
import { apiClient } from '../../../../src/api/client';
import { bodyOf, fakeBackend, json, type FakeAnswer } from '../../../helpers/fakeBackend';

export type Routes = Record<string, (request: InternalAxiosRequestConfig, query: URLSearchParams) => FakeAnswer>;

/** `GET api/…` keys on the path; every request is recorded as `METHOD path?query` with its body. */
export function serve(routes: Routes) {
  const requests: { route: string; body: unknown }[] = [];
  const backend = fakeBackend((request) => {
    const [path = '', search = ''] = (request.url ?? '').split('?');
    const method = (request.method ?? 'get').toUpperCase();
    requests.push({ route: `${method} ${request.url ?? ''}`, body: bodyOf(request) });
    const answer = routes[`${method} ${path}`];
    return answer
      ? JSON.parse(JSON.stringify(answer(request, new URLSearchParams(search))))
      : json(404, { error: 'not_found', message: `No fake answer for ${method} ${path}.` });
  });
  apiClient.defaults.adapter = backend.adapter;
  return requests;
}

export const GLOSSARY_ID = '0b6c8a8e-1d2f-4c3b-9a5e-6f7d8c9b0a1e';

export function term(name: string, overrides: Partial<TermRecord> = {}): TermRecord {
  return {
    id: `00000000-0000-4000-8000-${String(name.length).padStart(4, '0')}${name
      .slice(0, 8)
      .padEnd(8, '0')
      .replace(/[^0-9a-f]/gi, '0')}`,
    glossaryId: GLOSSARY_ID,
    name,
    definition: `**${name}** as finance reports it.`,
    synonyms: [],
    owners: ['docs'],
    reviewers: [],
    status: 'draft',
    parentId: null,
    related: [],
    links: 0,
    createdBy: 'docs',
    submittedBy: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** A glossary in memory with the routes the Glossary page calls. */
export function glossaryBackend(initial: TermRecord[], editor = true) {
  const terms = [...initial];
  let deleted = false;
  const history = new Map<string, TermDetailResponse['history']>(
    terms.map((item) => [item.id, [{ at: '2026-11-20T10:00:00.000Z', actor: 'docs', from: null, to: 'draft', comment: null }]]),
  );
  const glossary = (): GlossaryRecord => ({
    id: GLOSSARY_ID,
    name: 'Sales',
    description: 'Words of the sales team.',
    createdBy: 'docs',
    createdAt: '2026-11-20T10:00:00.000Z',
    terms: terms.length,
    counts: { draft: 0, in_review: 0, approved: 0, rejected: 0, deprecated: 0 },
  });
  const routes: Routes = {
    'GET api/catalog/governance/glossaries': () => json(200, { glossaries: deleted ? [] : [glossary()], editor }),
    [`GET api/catalog/governance/glossaries/${GLOSSARY_ID}/terms`]: (_request, query) =>
      json(200, {
        glossary: glossary(),
        editor,
        terms: terms.filter((item) => !query.get('status') || item.status === query.get('status')),
      }),
    [`POST api/catalog/governance/glossaries/${GLOSSARY_ID}/terms`]: (request) => {
      const body = JSON.parse(String(request.data)) as Partial<TermRecord>;
      if (terms.some((item) => item.name === body.name))
        return json(409, { error: 'conflict', field: 'name', message: `name: this glossary already has a term named "${body.name}".` });
      const created = term(body.name ?? 'x', { ...body, related: [] });
      terms.push(created);
      history.set(created.id, [{ at: '2026-11-21T10:00:00.000Z', actor: 'admin', from: null, to: 'draft', comment: null }]);
      return json(201, { term: created });
    },
    [`DELETE api/catalog/governance/glossaries/${GLOSSARY_ID}`]: () => {
      terms.splice(0, terms.length);
      deleted = true;
      return json(204);
    },
    [`POST api/catalog/governance/glossaries/${GLOSSARY_ID}/import`]: () =>
      json(400, {
        error: 'invalid_request',
        field: 'csv',
        message: 'csv: nothing was imported. row 3, column definition: must not be empty: say what the term means.',
      }),
  };
  const links = new Map<string, { nodeId: string; columnName: string | null; name: string; resourceType: string }[]>();
  for (const item of terms) addTermRoutes(item.id);
  function addTermRoutes(id: string) {
    routes[`GET api/catalog/governance/terms/${id}`] = () => {
      const found = terms.find((candidate) => candidate.id === id) as TermRecord;
      return json(200, { term: found, links: links.get(id) ?? [], history: [...(history.get(id) ?? [])].reverse(), children: [] });
    };
    // Links name their asset by its last id segment, as the sample's ids end with the name.
    routes[`POST api/catalog/governance/terms/${id}/links`] = (request) => {
      const { nodeId, columnName } = JSON.parse(String(request.data)) as { nodeId: string; columnName: string | null };
      links.set(id, [...(links.get(id) ?? []), { nodeId, columnName, name: nodeId.split('.').pop() as string, resourceType: 'model' }]);
      return json(204);
    };
    routes[`DELETE api/catalog/governance/terms/${id}`] = () => {
      terms.splice(
        terms.findIndex((candidate) => candidate.id === id),
        1,
      );
      return json(204);
    };
    routes[`POST api/catalog/governance/terms/${id}/transitions`] = (request) => {
      const { to } = JSON.parse(String(request.data)) as { to: TermStatus };
      const found = terms.find((candidate) => candidate.id === id) as TermRecord;
      if (!canMoveTerm(found.status, to))
        return json(409, { error: 'conflict', message: `A term that is ${found.status} cannot be moved to ${to}.` });
      history.get(id)?.push({ at: '2026-11-22T10:00:00.000Z', actor: 'admin', from: found.status, to, comment: null });
      found.status = to;
      return json(200, { term: found });
    };
  }
  const original = routes[`POST api/catalog/governance/glossaries/${GLOSSARY_ID}/terms`] as Routes[string];
  routes[`POST api/catalog/governance/glossaries/${GLOSSARY_ID}/terms`] = (request, query) => {
    const answer = original(request, query);
    const created = (answer.data as { term?: TermRecord }).term;
    if (created) addTermRoutes(created.id);
    return answer;
  };
  return { routes, terms };
}
