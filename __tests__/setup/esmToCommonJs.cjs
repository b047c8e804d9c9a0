// Jest transform for the ESM-only packages the browser code uses (TanStack Table v9 and its
// store): jest runs tests as CommonJS, so their `import`/`export` is compiled with esbuild,
// which webpack already depends on.
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, { format: 'cjs', loader: 'js', target: 'node20', sourcefile: filename, sourcemap: 'external' });
    return { code, map };
  },
};
