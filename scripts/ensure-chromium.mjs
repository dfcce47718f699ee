// The E2E tests drive Debian's Chromium at /usr/bin/chromium; never a browser downloaded by a test tool.
// Installs the Debian package when it is missing and we are root, otherwise stops with a clear message.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`${CHROMIUM} is missing. Install Debian's package first: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log(`${CHROMIUM} is missing: installing Debian's chromium package…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync('apt-get update -qq && apt-get install -y -qq chromium', { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
    process.exit(1);
  }
}
