// The projects API's endpoints (common/api/endpoint.ts): the server registers its routes from
// them and the browser builds its requests from them. Types only come from the contract.
import { endpoint } from '../api/endpoint';
import type { ProjectDetail, ProjectInput, ProjectResourceInput, ProjectSummary, ProjectUpdate, ResourceOption } from './projectsContract';

type One = { project: ProjectDetail };
type ById = { id: string };

export const projectsEndpoints = {
  list: endpoint<{ response: { projects: ProjectSummary[] } }>()('GET', '/api/projects'),
  resourceOptions: endpoint<{ response: { options: ResourceOption[] } }>()('GET', '/api/projects/resource-options'),
  get: endpoint<{ params: ById; response: One }>()('GET', '/api/projects/:id'),
  create: endpoint<{ body: ProjectInput; response: One }>()('POST', '/api/projects', 201),
  update: endpoint<{ params: ById; body: ProjectUpdate; response: One }>()('PATCH', '/api/projects/:id'),
  remove: endpoint<{ params: ById; response: void }>()('DELETE', '/api/projects/:id', 204),
  addResource: endpoint<{ params: ById; body: ProjectResourceInput; response: One }>()('POST', '/api/projects/:id/resources', 201),
  removeResource: endpoint<{ params: ById; query: ProjectResourceInput; response: One }>()('DELETE', '/api/projects/:id/resources'),
};
