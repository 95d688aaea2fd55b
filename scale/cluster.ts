/**
 * The PostgreSQL server the suite runs on: a throwaway PostgreSQL 15 of its
 * own (faults/postgres.ts), or the server of `SCALE_DATABASE_URL`. Either
 * way each phase gets a database of its own, created here and dropped when
 * the run ends (on an existing server; an interrupted run leaves them, named
 * `scale_…`).
 */
import pg from 'pg';
import { Postgres } from '../faults/postgres.ts';

export type Cluster = {
  description: string;
  /** A new empty database. */
  createDatabase(name: string): Promise<string>;
  /** Drops the databases created on an existing server (a throwaway one goes whole at exit). */
  dropDatabases(): Promise<void>;
};

async function runStatement(maintenanceUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function openCluster(existingUrl: string | undefined, port: number): Promise<Cluster> {
  if (existingUrl === undefined || existingUrl === '') {
    const postgres = await Postgres.create(port);
    return {
      description: `a throwaway PostgreSQL 15 on 127.0.0.1:${port} (fsync=off)`,
      createDatabase: async (name) => {
        await postgres.admin(`create database ${name}`);
        return postgres.url(name);
      },
      dropDatabases: async () => {},
    };
  }
  const maintenance = new URL(existingUrl);
  const created: string[] = [];
  return {
    description: `the PostgreSQL server of SCALE_DATABASE_URL (${maintenance.host})`,
    createDatabase: async (name) => {
      await runStatement(maintenance.href, `create database ${name}`);
      created.push(name);
      const url = new URL(maintenance.href);
      url.pathname = `/${name}`;
      return url.href;
    },
    dropDatabases: async () => {
      for (const name of created.splice(0)) {
        await runStatement(maintenance.href, `drop database if exists ${name} with (force)`);
      }
    },
  };
}
