/** A free TCP port on loopback (scripts/lib/free-port.cjs, shared with the server tests and the benchmarks). */
export const { freePort } = require('../../scripts/lib/free-port.cjs') as { freePort: () => Promise<number> };
