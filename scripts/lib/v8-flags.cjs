/**
 * V8's flags for Parley's own processes (below: tests, then the server as users run it).
 *
 * The processes that tests start and drop within seconds to minutes: the jest steps of `npm test` (their API tests
 * open PGlite in the test's own process) and the browser tests' servers. V8 compiles PGlite's WebAssembly with its
 * baseline compiler (Liftoff), then recompiles what runs often with its optimising one; at a PGlite start that
 * second compile costs about a CPU-second, which the few queries of a test never win back (measured, issue #20: an
 * API shard 143 → 124 CPU-s, a server's start and stop 4.5 → 3.3). Behaviour is the same; production servers, which
 * live long, keep the optimising tier.
 */
const TEST_PROCESS_V8_FLAG = '--liftoff-only';

/**
 * The jest processes of `npm test`: that flag and a young generation of 128 MiB a semi-space (Node's default is
 * 16). The component tests make React fibres and jsdom nodes that live for one test: with the default they outlive
 * a scavenge, are promoted and collected again by the old generation's full collections (the collector was 12 % of
 * the unit tests' profile). Measured alone on 2 cores (issue #20): the unit tests 90.2, 85.5, 85.3 → 74.3, 71.3,
 * 74.8 CPU-s (its RSS 2.0 → 2.7 GB), an API shard on PGlite 58.6, 60.0 → 58.1, 58.2; the browser tests and tsc
 * unchanged.
 */
const JEST_V8_FLAGS = [TEST_PROCESS_V8_FLAG, '--max-semi-space-size=128'];

/**
 * The server as it runs for users (`npm start`, the bench, deploy/README.md's units): a young generation of 64 MiB a
 * semi-space (Node's default is 16). A webhook's and an event's objects live across a few database round trips:
 * with the default young generation a burst promotes them, and the old generation's collector (its marking runs on
 * V8's worker threads) collects them again. Measured with bench P1 (1,500 messages at 200/s to 50 agents after
 * 3,000 warm-up ones, three interleaved pairs, issue #15): server CPU per message on PostgreSQL 1.90, 1.61, 1.59 →
 * 1.41, 1.57, 1.44 ms, on PGlite 3.25, 3.11, 2.63 → 2.53, 2.67, 2.50 (docs/reliability.md has the other runs). The
 * cost is memory under load (up to 3 × 48 MiB more young generation), not at start.
 */
const SERVER_V8_FLAGS = ['--max-semi-space-size=64'];

module.exports = { TEST_PROCESS_V8_FLAG, JEST_V8_FLAGS, SERVER_V8_FLAGS };
