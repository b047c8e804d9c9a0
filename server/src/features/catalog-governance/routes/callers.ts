// Who is calling, as the governance routes need it: the audit's actor (from the verified token,
// never the body), and the glossary-editor check that reads the organisation's settings.
import type { FastifyRequest } from 'fastify';
import { hasAnyRole } from '@common/access/editions';
import { actorOf } from '../../../platform/http/auth/authenticate.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import { GovernanceForbiddenError } from '../errors.js';
import { settingsOf } from '../settingsStore.js';

/** Administrators always edit; the organisation's settings name the other editor roles. */
export async function editorRolesOf(db: StoreDb, organisation: string): Promise<string[]> {
  return ['admin', ...(await settingsOf(db, organisation)).glossaryEditorRoles];
}

export async function isGlossaryEditor(db: StoreDb, request: FastifyRequest): Promise<boolean> {
  const actor = actorOf(request);
  return hasAnyRole(actor.roles, await editorRolesOf(db, actor.organisation));
}

/** preValidation after the page's access check: only glossary editors change glossaries and terms. */
export function requireGlossaryEditor(db: StoreDb) {
  return async (request: FastifyRequest) => {
    if (!(await isGlossaryEditor(db, request)))
      throw new GovernanceForbiddenError('Only glossary editors may change the glossary (Catalog Settings name the editor roles).');
  };
}
