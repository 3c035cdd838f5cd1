import { spawnSync } from 'node:child_process'
import { startCluster, type Cluster, type ClusterOptions } from '../../scripts/lib/cluster'
import { createTestDatabase, type TestDatabase } from './databases'

/**
 * Why the cluster tests cannot run here, or null when they can: they need PostgreSQL (the one
 * database the instances share), HAProxy and Varnish. CI has all three (.ci/run).
 */
export function clusterUnavailable(): string | null {
  if (!process.env.TEST_DATABASE_URL) return 'the instances share one PostgreSQL database: set TEST_DATABASE_URL'
  for (const [program, version, pkg] of [
    ['haproxy', '-v', 'haproxy'],
    ['varnishd', '-V', 'varnish'],
  ] as const) {
    if (spawnSync(program, [version], { stdio: 'ignore' }).error) return `${program} is not installed (apt-get install ${pkg})`
  }
  return null
}

export interface TestCluster {
  cluster: Cluster
  /** The database the instances share, seen from the test. */
  database: TestDatabase
  stop(): Promise<void>
}

/** The cluster of `npm run cluster` on free ports, on a fresh schema of the PostgreSQL test database. */
export async function startTestCluster(options: Omit<ClusterOptions, 'databaseUrl'> = {}): Promise<TestCluster> {
  const database = await createTestDatabase('postgres', { migrate: false })
  if (database.target.kind !== 'postgres') throw new Error('expected PostgreSQL')
  try {
    const cluster = await startCluster({ quiet: true, ...options, databaseUrl: database.target.url })
    return {
      cluster,
      database,
      stop: async () => {
        await cluster.stop()
        await database.cleanup()
      },
    }
  } catch (error) {
    await database.cleanup()
    throw error
  }
}
