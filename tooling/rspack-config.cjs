// One rspack + Module Federation setup for the shell and every remote, so they agree on what is shared.
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { antdUsedExports } = require('./antd-used-exports.cjs');
const { writeCompressedTwins } = require('./precompress.cjs');

const rootPkg = (dir) => require(path.join(dir, 'package.json'));
const sharedPkg = require('../shared/package.json');
const { CONTRACT_FILE, checkoutContractVersion } = require('./contract-version.cjs');

/**
 * Singletons: one React, one antd, one set of stores (@parley/shared), one i18next in the page, whoever loads first.
 * Not @ant-design/icons: a shared module is never tree-shaken, so sharing it shipped all 1,603 icons to every
 * page (issue #19); each build bundles the few icons it imports by name.
 */
function sharedModules(deps) {
  const single = (name, version = deps[name]) => ({ singleton: true, requiredVersion: version });
  return {
    react: single('react'),
    'react/': single('react'),
    'react-dom': single('react-dom'),
    'react-dom/': single('react-dom'),
    // Trimmed to the components some build imports (the same union in every build: tooling/antd-used-exports.cjs).
    antd: { ...single('antd'), treeShaking: { mode: 'runtime-infer', usedExports: antdUsedExports() } },
    '@ant-design/cssinjs': single('@ant-design/cssinjs'),
    nanostores: single('nanostores'),
    '@nanostores/react': single('@nanostores/react'),
    // One i18next instance holds every package's catalogue (shared/src/i18n/, docs/decisions/0006).
    i18next: single('i18next'),
    'react-i18next': single('react-i18next'),
    '@parley/shared': { singleton: true, requiredVersion: `^${sharedPkg.version}`, version: sharedPkg.version },
  };
}

/**
 * What a production remote shares: the same singletons, most without a copy of its own (`import: false`). The live
 * shell always provides them (the deploy guard, scripts/lib/guard.cjs, refuses a remote whose needs it does not meet)
 * and loads them first, so a remote's own copies of React, @parley/shared and its password dictionaries were dead
 * weight: 13 of a remote's 20–23 MB and half of its build and compression time. A remote's manifest still lists every
 * singleton its code imports, with the versions it accepts, for the guard. antd keeps its copy: the shell's is
 * trimmed to the exports the builds use, and for a remote without a copy the federation runtime fetches an untrimmed
 * antd from independent-packages/, which no build writes (the page then fails). Dev servers keep every copy, so a
 * remote still runs standalone.
 */
const withoutOwnCopies = (shared) =>
  Object.fromEntries(
    Object.entries(shared).map(([name, config]) => [name, config.treeShaking ? config : { ...config, import: false }]),
  );

/** After a production build: brotli and gzip twins of every text asset (tooling/precompress.cjs). */
class CompressedTwinsPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('CompressedTwinsPlugin', (compilation) =>
      writeCompressedTwins(compilation.outputOptions.path),
    );
  }
}

/** Writes CONTRACT_FILE into the build: the deploy guard refuses a build whose contract the live side lacks. */
class ContractVersionPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ContractVersionPlugin', (compilation) =>
      compilation.hooks.processAssets.tap({ name: 'ContractVersionPlugin', stage: 0 }, () =>
        compilation.emitAsset(
          CONTRACT_FILE,
          new rspack.sources.RawSource(JSON.stringify({ version: checkoutContractVersion() })),
        ),
      ),
    );
  }
}

/**
 * Writes into mf-manifest.json which antd exports the build needs: the shell's the union its trimmed antd holds
 * (`antdExports.provided`), a remote's those its own sources import (`antdExports.imported`). The deploy guard
 * (scripts/lib/guard.cjs) refuses a remote that needs one the live shell's antd lacks.
 */
class AntdExportsInManifestPlugin {
  constructor(host, dir) {
    this.antdExports = host
      ? { provided: antdUsedExports() }
      : { imported: antdUsedExports(undefined, [path.basename(dir)]) };
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('AntdExportsInManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'AntdExportsInManifestPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const asset = compilation.getAsset('mf-manifest.json');
          if (!asset) return;
          const manifest = { ...JSON.parse(asset.source.source().toString()), antdExports: this.antdExports };
          compilation.updateAsset('mf-manifest.json', new rspack.sources.RawSource(JSON.stringify(manifest)));
        },
      );
    });
  }
}

/**
 * The shell's named lazy chunk groups (a `webpackChunkName` comment on the import: `api-client` for axios…) with
 * their JS files, in chunk-groups.json: the server preloads from index.html the groups the opened route will ask for
 * (server/src/hosting/route-preload.ts), so they come beside the shell's first chunks instead of after its boot.
 */
class ChunkGroupsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkGroupsPlugin', (compilation) =>
      compilation.hooks.processAssets.tap(
        { name: 'ChunkGroupsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const groups = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            if (group.isInitial()) continue;
            const files = group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
            groups[name] = [...new Set(files)].sort();
          }
          compilation.emitAsset('chunk-groups.json', new rspack.sources.RawSource(JSON.stringify(groups, null, 2)));
        },
      ),
    );
  }
}

/**
 * @param {{ dir: string, name: string, exposes?: Record<string,string>, host?: boolean, port: number,
 *           runtimePlugins?: string[], entry?: string }} options
 */
function createConfig({ dir, name, exposes, host = false, port, runtimePlugins = [], entry }) {
  const pkg = rootPkg(dir);
  // `rspack serve` (npm run dev) is a development build unless NODE_ENV says otherwise.
  const production = process.env.NODE_ENV ? process.env.NODE_ENV === 'production' : !process.argv.includes('serve');
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    entry: { main: entry ?? './src/index.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      // Remotes resolve chunks relative to wherever their manifest was loaded from (any versioned folder).
      publicPath: host ? '/' : 'auto',
      uniqueName: name,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|svg|jpg|webp)$/, type: 'asset' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(exposes ? { exposes, filename: 'remoteEntry.js' } : {}),
        remotes: {},
        shared:
          host || !production ? sharedModules(pkg.dependencies) : withoutOwnCopies(sharedModules(pkg.dependencies)),
        shareStrategy: 'loaded-first',
        runtimePlugins,
        // One federation runtime per page: the shell provides it, production remotes use it instead of carrying
        // their own copy (dev servers keep theirs so a remote still runs standalone).
        experiments: host ? { provideExternalRuntime: true } : production ? { externalRuntime: true } : {},
        dts: false,
        manifest: { fileName: 'mf-manifest.json' },
      }),
      // The shell's page; for a remote, the page of its standalone dev entry.
      new rspack.HtmlRspackPlugin({
        template: path.join(__dirname, 'index.html'),
        title: host ? 'Parley' : `${name} (standalone)`,
      }),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') }),
      new ContractVersionPlugin(),
      new AntdExportsInManifestPlugin(host, dir),
      ...(host ? [new ChunkGroupsPlugin()] : []),
      ...(production ? [new CompressedTwinsPlugin()] : []),
    ],
    optimization: {
      minimize: production,
      // single-spa (the shell's outlet and @parley/shared's parcels use it) is under splitChunks' minimum size, so
      // it was copied into two chunks that the first page both loads: one chunk of its own instead.
      splitChunks: {
        cacheGroups: {
          singleSpa: {
            test: /[\\/]node_modules[\\/]single-spa[\\/]/,
            name: 'single-spa',
            chunks: 'async',
            enforce: true,
          },
        },
      },
    },
    performance: { hints: false },
    devServer: {
      port,
      headers: { 'Access-Control-Allow-Origin': '*' },
      historyApiFallback: true,
      // Dev servers talk to the running Parley server for the API, the socket and the deployed remotes.
      proxy: [
        {
          context: ['/api', '/auth', '/socket.io', '/remotes.json', '/deployments'],
          target: process.env.PARLEY_SERVER ?? 'http://localhost:3000',
          ws: true,
        },
      ],
    },
    experiments: { css: true },
  };
}

module.exports = { createConfig, sharedModules };
