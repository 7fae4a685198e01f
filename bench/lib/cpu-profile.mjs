// Reads a V8 .cpuprofile (node --cpu-prof) and says where the CPU went: self time by package / area and by
// function, idle left out.
import fs from 'node:fs';
import path from 'node:path';

function areaOf(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native / V8)';
  if (url.startsWith('wasm://')) return 'WebAssembly (PGlite: PostgreSQL compiled to WASM)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const dist = /\/server\/dist\/(.+)$/.exec(url);
  if (dist) {
    const parts = dist[1].split('/');
    return `parley ${parts.length > 2 ? parts.slice(0, 2).join('/') : parts[0]}`;
  }
  if (url.startsWith('node:')) return 'node core';
  return path.basename(url);
}

/** `{ totalMs, busyMs, areas, functions, parleyInclusive }` (each `[{ name, ms, share }]`): the busiest parts. */
export function summariseCpuProfile(file, top = 12) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  profile.samples.forEach((id, index) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const areas = new Map();
  const functions = new Map();
  let totalUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id);
    totalUs += us;
    if (callFrame.functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    const area = areaOf(callFrame.url, callFrame.functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const where = callFrame.url
      ? `${callFrame.url.replace(/^.*\/(node_modules|server\/dist)\//, '$1/').replace(/^file:\/\//, '')}:${callFrame.lineNumber + 1}`
      : '';
    const name = `${callFrame.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const busyUs = totalUs - idleUs;
  // Inclusive time of Parley's own functions (each sample counted once per function on its stack). Async
  // continuations start a new stack, so this is the synchronous work under each function only.
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map();
  profile.samples.forEach((id, index) => {
    const us = profile.timeDeltas[index] ?? 0;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const { callFrame } = byId.get(at);
      if (!/\/server\/dist\//.test(callFrame.url)) continue;
      const name = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/^.*\/server\/dist\//, '')}`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
  });
  const rank = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: Math.round(us / 1000), share: Number(((us / busyUs) * 100).toFixed(1)) }));
  return {
    totalMs: Math.round(totalUs / 1000),
    busyMs: Math.round(busyUs / 1000),
    areas: rank(areas),
    functions: rank(functions),
    parleyInclusive: rank(inclusive),
  };
}
