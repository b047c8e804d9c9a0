// Projects and the resources they group, as the page reads and changes them; requests are built
// from the endpoints' descriptions (common/projects/projectsEndpoints.ts).
import type {
  ProjectDetail,
  ProjectInput,
  ProjectResourceInput,
  ProjectSummary,
  ProjectUpdate,
  ResourceOption,
} from '@common/projects/projectsContract';
import { projectsEndpoints as endpoints } from '@common/projects/projectsEndpoints';
import { baseApi } from './baseApi';
import { endpointRequest } from './endpointRequest';

const PROJECTS = 'Projects' as const;
const detail = (response: { project: ProjectDetail }) => response.project;

export const projectsApi = baseApi.enhanceEndpoints({ addTagTypes: [PROJECTS] }).injectEndpoints({
  endpoints: (build) => ({
    listProjects: build.query<ProjectSummary[], void>({
      query: () => endpointRequest(endpoints.list, {}),
      transformResponse: (response: { projects: ProjectSummary[] }) => response.projects,
      providesTags: [PROJECTS],
    }),
    getProject: build.query<ProjectDetail, string>({
      query: (id) => endpointRequest(endpoints.get, { params: { id } }),
      transformResponse: detail,
      providesTags: [PROJECTS],
    }),
    resourceOptions: build.query<ResourceOption[], void>({
      query: () => endpointRequest(endpoints.resourceOptions, {}),
      transformResponse: (response: { options: ResourceOption[] }) => response.options,
    }),
    createProject: build.mutation<ProjectDetail, ProjectInput>({
      query: (body) => endpointRequest(endpoints.create, { body }),
      transformResponse: detail,
      invalidatesTags: [PROJECTS],
    }),
    updateProject: build.mutation<ProjectDetail, { id: string; changes: ProjectUpdate }>({
      query: ({ id, changes }) => endpointRequest(endpoints.update, { params: { id }, body: changes }),
      transformResponse: detail,
      invalidatesTags: [PROJECTS],
    }),
    deleteProject: build.mutation<void, string>({
      query: (id) => endpointRequest(endpoints.remove, { params: { id } }),
      invalidatesTags: [PROJECTS],
    }),
    addProjectResource: build.mutation<ProjectDetail, { id: string; resource: ProjectResourceInput }>({
      query: ({ id, resource }) => endpointRequest(endpoints.addResource, { params: { id }, body: resource }),
      transformResponse: detail,
      invalidatesTags: [PROJECTS],
    }),
    removeProjectResource: build.mutation<ProjectDetail, { id: string; resource: ProjectResourceInput }>({
      query: ({ id, resource }) =>
        endpointRequest(endpoints.removeResource, { params: { id }, query: { kind: resource.kind, ref: resource.ref } }),
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
