// The production server as plain JavaScript: `node apps/server/dist/server.js` starts without a transpiler
// (decision 010). esbuild bundles our own TypeScript (apps/server, packages/shared, packages/vipps-sim) into one
// file; packages from node_modules stay imports, resolved at run time. Tests and `npm run dev` keep using tsx.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src/server.ts')],
  outfile: path.join(dist, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-modules-external',
      setup(b) {
        // Bare imports (npm packages, node: built-ins) are loaded by Node; the workspace packages are our sources.
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@app/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
// db/client.ts finds the migrations beside itself: in the bundle that is dist/.
cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
