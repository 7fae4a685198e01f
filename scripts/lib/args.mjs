/** `<remote> [--flag value]...` → { positional, flags } for the ops commands. */
export function parseArgs(argv) {
  const positional = [];
  const flags = {};
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i].startsWith('--')) flags[argv[i].slice(2)] = argv[i + 1]?.startsWith('--') ? true : (argv[++i] ?? true);
    else positional.push(argv[i]);
  }
  return { positional, flags };
}

export function fail(message) {
  console.error(`✗ ${message}`);
  process.exit(1);
}
