// Bundle budget: prints the gzip size of the initial JS and CSS (webpack's initial chunks of
// the entry), of what loads before the first render, and of every lazy chunk; fails when
// over budget. Run after `npm run build`.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const BUDGET = { initialJs: 150 * KB, routeChunk: 60 * KB, otherPage: 100 * KB };
// A library's own chunk may exceed the route budget when nothing lighter does its job and only
// the pages that need it load it. React Flow draws the lineage graphs (pan, zoom, keyboard focus,
// only what is in view rendered): about 65 KB, loaded by the lineage and exposure pages alone.
// The connector spec form (rjsf with its Bootstrap theme and a JSON-schema validator that needs
// no eval) draws any connector's settings from its spec: loaded only when a connector is set up.
// Mixpanel's build with its session recorder (rrweb) replaces the 35 KB core build only for
// portals that turn session replay on (ANALYTICS_SESSION_REPLAY_PERCENT): by default nobody loads it.
const LIBRARY_BUDGETS: { chunk: RegExp; budget: number }[] = [
  { chunk: /^vendors-node_modules_xyflow_react_/, budget: 70 * KB },
  { chunk: /^connector-form-library$/, budget: 110 * KB },
  { chunk: /^analytics-replay$/, budget: 130 * KB },
];
const chunkBudget = (name: string) => LIBRARY_BUDGETS.find(({ chunk }) => chunk.test(name))?.budget ?? BUDGET.routeChunk;
// Pages outside the app with their own entry (not lazy chunks of the app).
const OTHER_PAGES = ['demo-dashboard.html'];
// Chunks the entry starts loading itself before first render (see src/main.tsx, loadConfig.ts).
const STARTUP_CHUNKS = ['sign-in-client', 'config-schema'];

const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
const assets = path.join(dist, 'assets');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`No build in ${dist}: run "npm run build" first.`);
  process.exit(1);
}

const gz = (file: string) => gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length;
const fmt = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const chunkName = (file: string) => file.replace(/\.[0-9a-f]{10}(\.chunk)?\.(js|css)$/, '');

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((match) => match[1]!);

const assetsOf = (page: string) => [...page.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((match) => match[1]!);
const otherPages = OTHER_PAGES.filter((page) => existsSync(path.join(dist, page))).map((page) => ({
  page,
  files: assetsOf(readFileSync(path.join(dist, page), 'utf8')),
}));
const otherPageFiles = new Set(otherPages.flatMap(({ files }) => files));
const files = readdirSync(assets).filter((file) => /\.(js|css)$/.test(file));
const lazy = files.filter((file) => !initial.includes(file) && !otherPageFiles.has(file));

const initialJs = initial.filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gz(file), 0);
const initialCss = initial.filter((file) => file.endsWith('.css')).reduce((sum, file) => sum + gz(file), 0);
const groups = JSON.parse(readFileSync(path.join(dist, 'chunk-groups.json'), 'utf8')) as Record<string, string[]>;
const startup = new Set(STARTUP_CHUNKS.flatMap((name) => groups[name] ?? []).map((file) => file.replace(/^assets\//, '')));
const startupJs =
  initialJs + [...startup].filter((file) => file.endsWith('.js') && !initial.includes(file)).reduce((sum, file) => sum + gz(file), 0);

console.log('Bundle sizes (gzip -9)');
console.log(`  initial JS   ${fmt(initialJs).padStart(9)}   budget ${fmt(BUDGET.initialJs)}`);
console.log(`  initial CSS  ${fmt(initialCss).padStart(9)}`);
console.log(`  JS before first render (initial + ${STARTUP_CHUNKS.join(', ')}) ${fmt(startupJs)}`);
console.log('  lazy chunks:');
const over: string[] = [];
for (const file of lazy.sort((a, b) => gz(b) - gz(a))) {
  const size = gz(file);
  const budget = chunkBudget(chunkName(file));
  const flag = file.endsWith('.js') && size > budget ? '  OVER BUDGET' : '';
  if (flag) over.push(file);
  const note = budget !== BUDGET.routeChunk ? `  (library budget ${fmt(budget)})` : '';
  console.log(`    ${fmt(size).padStart(9)}  ${chunkName(file)}${file.endsWith('.css') ? ' (css)' : ''}${note}${flag}`);
}

for (const { page, files: pageFiles } of otherPages) {
  const js = pageFiles.filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gz(file), 0);
  const flag = js > BUDGET.otherPage ? '  OVER BUDGET' : '';
  if (flag) over.push(page);
  console.log(`  other page ${page}: JS ${fmt(js)} (budget ${fmt(BUDGET.otherPage)})${flag}`);
}

if (initialJs > BUDGET.initialJs) over.push(`initial JS ${fmt(initialJs)}`);
if (over.length > 0) {
  console.error(`Over budget: ${over.join(', ')}`);
  process.exit(1);
}
console.log('Within budget.');
