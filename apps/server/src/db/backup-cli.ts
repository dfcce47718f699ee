import path from 'node:path';
import { parseEnv } from '../env';
import { backupFileName, pgDump, pgliteRestore, pgRestore, requestServerBackup, serverPid } from './backup';
import { openDatabase } from './client';

/** `npm run backup` and `npm run restore FILE` (decision 044), with the server's DATABASE_URL or DATA_DIR and BACKUP_DIR. */
async function main() {
  const [command, file] = process.argv.slice(2);
  const env = parseEnv();
  const backupDir = path.resolve(env.BACKUP_DIR);
  if (command === 'backup') {
    if (env.DATABASE_URL) {
      const target = path.join(backupDir, backupFileName('postgres'));
      await pgDump(env.DATABASE_URL, target);
      console.log(`Sikkerhetskopi skrevet: ${target}`);
      return;
    }
    const pid = serverPid(env.DATA_DIR);
    if (pid) {
      const target = await requestServerBackup(pid, backupDir);
      console.log(`Sikkerhetskopi skrevet av serveren (pid ${pid}): ${target}`);
      return;
    }
    // No server has the folder open: the script may open it itself.
    const database = await openDatabase({ dataDir: env.DATA_DIR });
    const target = path.join(backupDir, backupFileName('pglite'));
    try {
      await database.backup!(target);
    } finally {
      await database.close();
    }
    console.log(`Sikkerhetskopi skrevet: ${target}`);
    return;
  }
  if (command === 'restore' && file) {
    if (file.endsWith('.pgdump')) {
      if (!env.DATABASE_URL) throw new Error('Set DATABASE_URL to the new, empty database to restore into');
      await pgRestore(env.DATABASE_URL, file);
    } else {
      if (serverPid(env.DATA_DIR)) throw new Error('A server has DATA_DIR open: stop it, and restore into a new folder');
      await pgliteRestore(file, env.DATA_DIR);
    }
    console.log(`Gjenopprettet fra ${file}`);
    return;
  }
  throw new Error('Usage: npm run backup | npm run restore FILE');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
