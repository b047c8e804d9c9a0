// Upload tokens: secrets an organisation issues to its dbt jobs (Catalog Settings). The platform's
// authentication accepts them beside sign-in tokens; the dbt area, which keeps them, resolves one
// to its caller.
import type { UploadTokenVerifier } from '../http/auth/authenticate.js';
import { definePort } from './portRegistry.js';

export const uploadTokenVerifierPort = definePort<UploadTokenVerifier>('upload token verifier');
