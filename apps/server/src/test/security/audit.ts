import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run audit`: the packages that run in production carry no high or critical advisory, except those accepted
 * below with a reason. Not part of `npm test`: it needs the registry's advisory endpoint, which some registry mirrors
 * refuse; an audit that could not run exits non-zero, it never passes silently.
 */
export const ACCEPTED: { id: string; reason: string }[] = [
  // { id: 'GHSA-xxxx-xxxx-xxxx', reason: 'only reachable through …, which we do not use; upstream fix pending' },
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

interface Advisory {
  source?: number;
  name?: string;
  title?: string;
  url?: string;
  severity?: string;
}
export interface Vulnerability {
  name: string;
  severity: string;
  via: (string | Advisory)[];
}

/** High and critical advisories not in the accepted list, one line each. */
export function blockingAdvisories(vulnerabilities: Record<string, Vulnerability>, acceptedList: { id: string }[]): string[] {
  const accepted = new Set(acceptedList.map((a) => a.id));
  const blocking: string[] = [];
  for (const vuln of Object.values(vulnerabilities)) {
    if (vuln.severity !== 'high' && vuln.severity !== 'critical') continue;
    // Transitive entries (via is a package name) are judged where the advisory itself is listed.
    for (const advisory of vuln.via.filter((v): v is Advisory => typeof v === 'object')) {
      if (advisory.severity !== 'high' && advisory.severity !== 'critical') continue;
      const id = advisory.url?.split('/').pop() ?? String(advisory.source);
      if (!accepted.has(id)) blocking.push(`${vuln.name}: ${advisory.severity} ${id} ${advisory.title ?? ''} ${advisory.url ?? ''}`.trim());
    }
  }
  return blocking;
}


/** Runs `npm audit --omit=dev --json` and prints the blocking advisories; exit code 0 only for a clean report. */
export function runAudit(): number {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', timeout: 90_000 });
  if (run.error) return fail(`npm audit could not run: ${run.error.message}`);
  let report: { vulnerabilities?: Record<string, Vulnerability>; message?: string; statusCode?: number };
  try {
    report = JSON.parse(run.stdout);
  } catch {
    return fail(`npm audit gave no JSON report (exit ${run.status}); the registry was probably not reachable.\n${run.stderr.slice(0, 800)}`);
  }
  if (!report.vulnerabilities) {
    return fail(`npm audit could not get advisories from the registry (${report.statusCode ?? ''} ${report.message ?? 'no report'}).`);
  }
  const blocking = blockingAdvisories(report.vulnerabilities, ACCEPTED);
  if (blocking.length) return fail(`unaccepted advisories (fix, or add to ACCEPTED with a reason):\n${blocking.join('\n')}`);
  console.log('npm audit --omit=dev: no unaccepted high or critical advisory');
  return 0;
}

function fail(message: string): number {
  console.error(message);
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(runAudit());
