// jest's runtime (the `runtime` option of every project, jest.preset.cjs) with one change: each module is compiled
// once per worker process, and every later test file runs that same compiled script in its own context.
//
// jest gives every test file a fresh module registry, so the server, React, antd, drizzle… are compiled again for
// each file, and V8 does not reuse a compile across vm contexts (measured: antd's 4.2 MB bundle 112–145 ms every
// time). A worker runs many files one after the other (`--maxWorkers=1` runs a whole step in one process). A
// `vm.Script` is not bound to a context: run again in the next file's context it is neither parsed nor compiled
// again, and the functions compiled lazily while an earlier file ran keep their bytecode. Modules are still
// evaluated afresh per file: only the compiled code is shared, never state.
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;

/** filename → its source, the wrapper's first line and the compiled script. */
const scripts = new Map();
/** The test file being run: a worker runs one at a time. Dynamic imports go through its loader. */
let current;

class CodeCachingRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    const executor = this.executor;
    // The jest internals this relies on (jest-runtime 30's ModuleExecutor): when an upgrade moves them, jest runs as is.
    if (typeof executor?.compile !== 'function' || typeof executor.dynamicImport !== 'function') return;
    current = executor;
    const jestCompile = executor.compile.bind(executor);
    executor.compile = (source, filename) => {
      const vmContext = executor.environment.getVmContext();
      // Core modules and a disposed environment: jest's own path, untouched.
      if (vmContext == null || executor.resolution.isCoreModule(filename)) return jestCompile(source, filename);
      const prefix = `(function (${executor.injectedModuleParameters.join(', ')}) {`;
      let known = scripts.get(filename);
      if (known?.source !== source || known.prefix !== prefix) {
        try {
          const script = new vm.Script(`${prefix}${source}\n})`, {
            filename,
            // Columns on the first line as in the file (the wrapper comes before them).
            columnOffset: -prefix.length,
            // As jest's compile: import() from CommonJS goes through jest's ESM loader, the running file's.
            importModuleDynamically: (specifier, _script, importAttributes, phase) =>
              current.dynamicImport(specifier, filename, current.environment.getVmContext(), importAttributes, phase),
          });
          known = { source, prefix, script };
          scripts.set(filename, known);
        } catch {
          // A syntax error or an ES module: jest's compile throws (or recovers) with its own messages.
          scripts.delete(filename);
          return jestCompile(source, filename);
        }
      }
      return known.script.runInContext(vmContext);
    };
  }
}

module.exports = CodeCachingRuntime;
