import type { TestProject } from 'vitest/node';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}

let cluster: PostgresCluster | undefined;

/** TEST_DB=postgres: use TEST_DATABASE_URL, or start a throwaway cluster for the whole run. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== 'postgres') {
    project.provide('postgresUrl', null);
    return;
  }
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const bin = findPostgresBin();
  if (!bin) throw new Error('TEST_DB=postgres but no PostgreSQL server binaries (initdb, pg_ctl) were found.');
  cluster = await startPostgresCluster(bin);
  project.provide('postgresUrl', cluster.url);
  return () => cluster?.stop();
}
