// Gzip size of the JavaScript the browser loads on a first visit to '/': the entry chunk (boot.ts), the app it imports
// once the page has loaded (main.tsx), and everything those two import statically (from dist/.vite/manifest.json).
// Budget: 130 KB gzip (docs: performance-and-reliability F8).
// Usage: node apps/web/scripts/check-bundle-size.mjs [budgetKB]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const budget = Number(process.argv[2] ?? 130) * 1000;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('No entry chunk in the manifest');

const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) visit(dep);
};
visit(entryKey);
visit('src/main.tsx');

let total = 0;
for (const key of seen) {
  const file = manifest[key].file;
  const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1000).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1000).toFixed(1).padStart(7)} KB  gzip JavaScript on first load of / (budget ${budget / 1000} KB)`);
if (total > budget) {
  console.error('Over budget');
  process.exit(1);
}
