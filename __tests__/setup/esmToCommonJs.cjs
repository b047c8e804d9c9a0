// Jest transform for the ESM-only packages the code uses (TanStack Table v9 and its store,
// react-markdown, and on the server Keycloak's admin client): jest runs tests as CommonJS, so
// their `import`/`export` is compiled with esbuild, which webpack already depends on. On a Node
// that can require ES modules (22.12 and later), jest loads such a package as an ES module itself
// and says so with `supportsStaticESM`: it is then left as it is. The cache key tells the two
// outputs apart (jest's default key would hand an ES-module load the CommonJS output).
const { createHash } = require('node:crypto');
const { transformSync } = require('esbuild');

const VERSION = '2';

module.exports = {
  getCacheKey(source, filename, options) {
    return createHash('sha256')
      .update(VERSION)
      .update(filename)
      .update(options && options.supportsStaticESM ? 'esm' : 'cjs')
      .update(source)
      .digest('hex');
  },
  process(source, filename, options) {
    if (options && options.supportsStaticESM) return { code: source };
    const { code, map } = transformSync(source, { format: 'cjs', loader: 'js', target: 'node20', sourcefile: filename, sourcemap: 'external' });
    return { code, map };
  },
};
