// Jest transform for the ESM-only packages the code uses (TanStack Table v9 and its store,
// react-markdown, and on the server Keycloak's admin client): jest runs tests as CommonJS, so
// their `import`/`export` is compiled with esbuild, which webpack already depends on. On a Node
// that can require ES modules (22.12 and later), jest loads such a package as an ES module itself
// and says so with `supportsStaticESM`: it is then left as it is. The cache key tells the two
// outputs apart (jest's default key would hand an ES-module load the CommonJS output).
//
// One package needs more than that when it is loaded as an ES module: rjsf's Bootstrap theme
// takes `import Row from 'react-bootstrap/Row'`, and that module is CommonJS with an ES-module
// default (`exports.default`). Bundlers unwrap it; an ES module loading CommonJS gets the whole
// exports object, and React is handed an object for a component. The theme's default imports
// are unwrapped the way a bundler does it.
const { createHash } = require('node:crypto');
const { transformSync } = require('esbuild');

const VERSION = '3';
const REACT_BOOTSTRAP_DEFAULT_IMPORT = /import (\w+) from 'react-bootstrap\/(\w+)';/g;

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
    if (options && options.supportsStaticESM) {
      if (!filename.includes('/@rjsf/react-bootstrap/')) return { code: source };
      return {
        code: source.replace(
          REACT_BOOTSTRAP_DEFAULT_IMPORT,
          "import $1__commonjs from 'react-bootstrap/$2'; const $1 = $1__commonjs.default ?? $1__commonjs;",
        ),
      };
    }
    const { code, map } = transformSync(source, {
      format: 'cjs',
      loader: 'js',
      target: 'node20',
      sourcefile: filename,
      sourcemap: 'external',
    });
    return { code, map };
  },
};
