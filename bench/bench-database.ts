import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * With BENCH_DATABASE_URL (a PostgreSQL server), each part of the benchmark
 * runs on an empty database of its own on that server, created for it and
 * dropped after it, so that one `npm run bench` measures every part on
 * PostgreSQL. The parts read the database from BENCH_DATABASE_URL.
 */
export async function withFreshBenchDatabase(run: () => Promise<void>): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl === undefined) return run();
  const name = `club_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.BENCH_DATABASE_URL = url.toString();
  try {
    await run();
  } finally {
    process.env.BENCH_DATABASE_URL = serverUrl;
    await admin(`drop database if exists ${name} with (force)`);
  }
}
