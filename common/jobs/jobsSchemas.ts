// Request schemas of the job API. Apart from jobsContract.ts so that the browser, which loads
// the contract's constants, does not bundle zod for them.
import { z } from 'zod';

export const jobIdParams = z.object({ id: z.uuid('must be a job id') });
