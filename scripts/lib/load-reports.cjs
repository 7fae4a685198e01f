const fs = require('node:fs');
const path = require('node:path');

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The shell's reports of the last day (written by the server's POST /api/client-reports, one file per UTC day). */
function recentReports(deploymentsDir, now = Date.now()) {
  const dir = path.join(deploymentsDir, '.reports');
  const days = [new Date(now - DAY), new Date(now)].map((d) => `${d.toISOString().slice(0, 10)}.ndjson`);
  const reports = [];
  for (const day of new Set(days)) {
    let text;
    try {
      text = fs.readFileSync(path.join(dir, day), 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n')) {
      try {
        const report = line && JSON.parse(line);
        if (report && now - Date.parse(report.at) <= DAY) reports.push(report);
      } catch {
        // a torn line: skip it
      }
    }
  }
  return reports;
}

/**
 * Per version of one remote: loads that failed (`failed`: it fell back, or nothing could be loaded), of those the
 * ones that fell back to an earlier version, and crashes while rendering; each for the last hour and the last day.
 */
function countReports(reports, remote, now = Date.now()) {
  const counts = new Map();
  for (const report of reports) {
    if (report.remote !== remote) continue;
    const c = counts.get(report.version) ?? { failed: [0, 0], fellBack: [0, 0], crashed: [0, 0] };
    const recent = now - Date.parse(report.at) <= HOUR;
    const add = (pair) => {
      pair[1] += 1;
      if (recent) pair[0] += 1;
    };
    if (report.kind === 'fallback' || report.kind === 'load-failed') add(c.failed);
    if (report.kind === 'fallback') add(c.fellBack);
    if (report.kind === 'crash') add(c.crashed);
    counts.set(report.version, c);
  }
  return counts;
}

module.exports = { recentReports, countReports };
