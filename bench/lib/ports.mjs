// A free TCP port on loopback (scripts/lib/free-port.cjs, shared with the tests).
export { freePort } from '../../scripts/lib/free-port.cjs';
