import path from 'node:path';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { EsbuildPlugin } from 'esbuild-loader';
import type { Compiler, Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

type Env = Record<string, string | boolean>;

/**
 * The repository root: webpack runs from it (npm scripts start in the package's directory). Not
 * `__dirname`: Node 22.18 and later load this file as an ES module, where there is none.
 */
const root = process.cwd();

/** Writes which files each named chunk group needs, for the bundle budget (scripts/bench-bundle.ts). */
class ChunkGroupsManifestPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.emit.tap('ChunkGroupsManifestPlugin', (compilation) => {
      const groups: Record<string, string[]> = {};
      for (const [name, group] of compilation.namedChunkGroups) {
        groups[name] = group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => /\.(js|css)$/.test(file));
      }
      compilation.emitAsset('chunk-groups.json', new compiler.webpack.sources.RawSource(JSON.stringify(groups, null, 2)));
    });
  }
}

export default (_env: Env, argv: { mode?: Configuration['mode'] }): Configuration & { devServer?: DevServerConfiguration } => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    // `demo-dashboard` is the page behind the demo organisations' dashboards (served by the
    // portal server, embedded by the Viewer); it shares nothing with the app's bundle.
    entry: { main: './src/main.tsx', 'demo-dashboard': './src/demo-dashboard/main.ts' },
    output: {
      path: path.resolve(root, process.env.DIST_DIR ?? 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].chunk.js' : 'assets/[name].chunk.js',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // react-router 7 maps every import condition to its development build (its issue
      // #12532); production builds take the production files, which drop dev warnings.
      alias: {
        // The contracts the browser shares with the server (tsconfig.base.json's `paths`).
        '@common': path.resolve(root, 'common'),
        ...(production
          ? {
              'react-router$': path.resolve(root, 'node_modules/react-router/dist/production/index.mjs'),
              'react-router/dom$': path.resolve(root, 'node_modules/react-router/dist/production/dom-export.mjs'),
            }
          : {}),
      },
    },
    module: {
      rules: [
        { test: /\.tsx?$/, loader: 'esbuild-loader', options: { target: 'es2022', jsx: 'automatic' } },
        { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
        // The JSON-schema form library ships ES modules that import other packages' files without
        // their extension (react-bootstrap/Button); webpack refuses that in strict ESM unless told.
        { test: /\.m?js$/, include: /node_modules[\\/]@rjsf[\\/]/, resolve: { fullySpecified: false } },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html', chunks: ['main'] }),
      // Not minified: the server fills the `<!--dashboard-data-->` marker.
      new HtmlWebpackPlugin({
        template: 'public/demo-dashboard.html',
        filename: 'demo-dashboard.html',
        chunks: ['demo-dashboard'],
        minify: false,
      }),
      new ChunkGroupsManifestPlugin(),
      new CopyWebpackPlugin({
        patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html', '**/demo-dashboard.html'] } }],
      }),
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: 'assets/[name].[contenthash:10].css',
              chunkFilename: 'assets/[name].[contenthash:10].chunk.css',
            }),
          ]
        : []),
    ],
    optimization: {
      minimizer: [new EsbuildPlugin({ target: 'es2022', css: false }), new CssMinimizerPlugin()],
      splitChunks: {
        chunks: 'async',
        cacheGroups: {
          // chart.js is two large modules (the library and its helpers): together they are over
          // the 60 KB lazy-chunk budget, so the helpers (and its colour library) get a chunk of
          // their own. Both load in parallel with the first chart, and only then.
          chartHelpers: {
            test: /[\\/]node_modules[\\/](chart\.js[\\/]dist[\\/]chunks|@kurkle[\\/]color)[\\/]/,
            name: 'chart-helpers',
            chunks: 'async',
            priority: 20,
            enforce: true,
          },
          // The connector spec form (rjsf, its theme and the JSON-schema validator) in one chunk
          // of its own, with its own budget: only the add-connector pages load it.
          connectorFormLibrary: {
            test: /[\\/]node_modules[\\/](@rjsf|@cfworker|@react-icons[\\/]all-files|markdown-to-jsx|@x0k|fast-equals|fast-uri|jsonpointer)[\\/]/,
            name: 'connector-form-library',
            chunks: 'async',
            priority: 20,
            enforce: true,
          },
        },
      },
      // Readable names for shared vendor chunks in the bundle report.
      chunkIds: 'named',
    },
    performance: { hints: false }, // the bundle budget is enforced by `npm run bench:bundle`
    devServer: {
      port: 3001,
      historyApiFallback: true,
      // The portal server answers /api; the dev server only serves the browser code.
      proxy: [{ context: ['/api'], target: 'http://localhost:3000' }],
    },
  };
};
