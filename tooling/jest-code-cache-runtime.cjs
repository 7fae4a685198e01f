// jest's runtime (the `runtime` option of every project, jest.preset.cjs) with one change: each module's compiled
// code is kept for the next test file in the same worker process.
//
// jest gives every test file a fresh module registry, so the server, React, antd, drizzle… are compiled again for
// each file, and V8 does not reuse a compile across vm contexts (measured: antd's 4.2 MB bundle 112–145 ms every
// time, 2–3 ms from a code cache). A worker runs many files one after the other (`--maxWorkers=1` runs a whole step
// in one process), so the second file onwards compiles from V8's code cache. Modules are still evaluated afresh
// per file: only the parse and compile are shared, never state.
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;

/** filename → the source it was compiled from and V8's code cache of it (V8 checks only the source's length). */
const codeCache = new Map();

class CodeCachingRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    const executor = this.executor;
    // The jest internals this relies on (jest-runtime 30's ModuleExecutor): when an upgrade moves them, jest runs as is.
    if (typeof executor?.compile !== 'function' || typeof executor.dynamicImport !== 'function') return;
    const jestCompile = executor.compile.bind(executor);
    executor.compile = (source, filename) => {
      const vmContext = executor.environment.getVmContext();
      // Core modules and a disposed environment: jest's own path, untouched.
      if (vmContext == null || executor.resolution.isCoreModule(filename)) return jestCompile(source, filename);
      const known = codeCache.get(filename);
      const cachedData = known?.source === source ? known.data : undefined;
      let compiled;
      try {
        compiled = vm.compileFunction(source, executor.injectedModuleParameters, {
          filename,
          parsingContext: vmContext,
          cachedData,
          produceCachedData: !cachedData,
          // As jest's compile: import() from CommonJS goes through jest's ESM loader.
          importModuleDynamically: (specifier, _function, importAttributes, phase) =>
            executor.dynamicImport(specifier, filename, vmContext, importAttributes, phase),
        });
      } catch {
        // A syntax error or an ES module: jest's compile throws (or recovers) with its own messages.
        return jestCompile(source, filename);
      }
      // V8 makes the cache's buffer in the test file's context: kept as is, it would keep that whole context (the
      // file's modules, its environment) alive for the rest of the process. A copy belongs to this realm.
      if (compiled.cachedDataProduced) codeCache.set(filename, { source, data: Buffer.from(compiled.cachedData) });
      else if (compiled.cachedDataRejected) codeCache.delete(filename);
      return compiled;
    };
  }
}

module.exports = CodeCachingRuntime;
