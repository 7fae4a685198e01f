import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Federation runtime plugin: placeholder hook point for the fallback to earlier versions (issue 8). */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'parley-fallback',
  };
}
