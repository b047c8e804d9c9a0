// Projects and the resources they group, as the page reads and changes them (types from the contract, type-only).
import type {
  ProjectDetail,
  ProjectInput,
  ProjectResourceInput,
  ProjectSummary,
  ProjectUpdate,
  ResourceOption,
} from '@common/projects/projectsContract';
import { baseApi } from './baseApi';

const PROJECTS = 'Projects' as const;
const detail = (response: { project: ProjectDetail }) => response.project;
const path = (id: string, rest = '') => `api/projects/${encodeURIComponent(id)}${rest}`;

export const projectsApi = baseApi.enhanceEndpoints({ addTagTypes: [PROJECTS] }).injectEndpoints({
  endpoints: (build) => ({
    listProjects: build.query<ProjectSummary[], void>({
      query: () => 'api/projects',
      transformResponse: (response: { projects: ProjectSummary[] }) => response.projects,
      providesTags: [PROJECTS],
    }),
    getProject: build.query<ProjectDetail, string>({ query: (id) => path(id), transformResponse: detail, providesTags: [PROJECTS] }),
    resourceOptions: build.query<ResourceOption[], void>({
      query: () => 'api/projects/resource-options',
      transformResponse: (response: { options: ResourceOption[] }) => response.options,
    }),
    createProject: build.mutation<ProjectDetail, ProjectInput>({
      query: (body) => ({ url: 'api/projects', method: 'POST', body }),
      transformResponse: detail,
      invalidatesTags: [PROJECTS],
    }),
    updateProject: build.mutation<ProjectDetail, { id: string; changes: ProjectUpdate }>({
      query: ({ id, changes }) => ({ url: path(id), method: 'PATCH', body: changes }),
      transformResponse: detail,
      invalidatesTags: [PROJECTS],
    }),
    deleteProject: build.mutation<void, string>({ query: (id) => ({ url: path(id), method: 'DELETE' }), invalidatesTags: [PROJECTS] }),
    addProjectResource: build.mutation<ProjectDetail, { id: string; resource: ProjectResourceInput }>({
      query: ({ id, resource }) => ({ url: path(id, '/resources'), method: 'POST', body: resource }),
      transformResponse: detail,
      invalidatesTags: [PROJECTS],
    }),
    removeProjectResource: build.mutation<ProjectDetail, { id: string; resource: ProjectResourceInput }>({
      query: ({ id, resource }) => ({ url: path(id, '/resources'), method: 'DELETE', params: { kind: resource.kind, ref: resource.ref } }),
      transformResponse: detail,
      invalidatesTags: [PROJECTS],
    }),
  }),
});

export const {
  useListProjectsQuery,
  useGetProjectQuery,
  useResourceOptionsQuery,
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useDeleteProjectMutation,
  useAddProjectResourceMutation,
  useRemoveProjectResourceMutation,
} = projectsApi;
