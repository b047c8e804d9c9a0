// The yardstick of `npm run bench:api`: a bare Fastify server answering one route with a fixed
// JSON body (the portal's own answer, given in BARE_BODY), no logging, no hooks. What the portal
// does beyond this (token checks, access rules, security headers, logs) is the ratio's cost.
import Fastify from 'fastify';

const port = Number(process.env.BARE_PORT);
const body = JSON.parse(process.env.BARE_BODY ?? '{}') as unknown;
const app = Fastify({ logger: false });
app.get('/api/config/client-dashboards', async () => body);
app.listen({ port, host: 'localhost' }).then(
  () => console.log(`bare server on ${port}`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
