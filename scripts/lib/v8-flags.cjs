/**
 * The V8 flag of the processes that tests start and drop within seconds to minutes: the jest steps of `npm test`
 * (their API tests open PGlite in the test's own process) and the browser tests' servers. V8 compiles PGlite's
 * WebAssembly with its baseline compiler (Liftoff), then recompiles what runs often with its optimising one; at a
 * PGlite start that second compile costs about a CPU-second, which the few queries of a test never win back
 * (measured, issue #20: an API shard 143 → 124 CPU-s, a server's start and stop 4.5 → 3.3). Behaviour is the same;
 * production servers, which live long, keep the optimising tier.
 */
const TEST_PROCESS_V8_FLAG = '--liftoff-only';

module.exports = { TEST_PROCESS_V8_FLAG };
