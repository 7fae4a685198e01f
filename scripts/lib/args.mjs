/** `<remote> [--flag value] [--switch]...` → { positional, flags } for the ops commands. */
export function parseArgs(argv, switches = []) {
  const positional = [];
  const flags = {};
  for (let i = 0; i < argv.length; i += 1) {
    if (!argv[i].startsWith('--')) positional.push(argv[i]);
    else if (switches.includes(argv[i].slice(2))) flags[argv[i].slice(2)] = true;
    else flags[argv[i].slice(2)] = argv[i + 1]?.startsWith('--') ? true : (argv[++i] ?? true);
  }
  return { positional, flags };
}

export function fail(message) {
  console.error(`✗ ${message}`);
  process.exit(1);
}

export const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
