// Jest transform for the ESM-only packages the code uses (TanStack Table v9 and its store,
// react-markdown, and on the server Keycloak's admin client): jest runs tests as CommonJS, so
// their `import`/`export` is compiled with esbuild, which webpack already depends on.
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, { format: 'cjs', loader: 'js', target: 'node20', sourcefile: filename, sourcemap: 'external' });
    return { code, map };
  },
};
