import pg from 'pg';

/** One statement on the PostgreSQL server as its admin (create and drop the tests' databases). */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** `adminUrl` (TEST_DATABASE_URL) with its database name replaced. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
