/*
 * `npm run cluster`: the site as it runs past one machine, here on one: three instances on one
 * PostgreSQL database, HAProxy in front of them and Varnish in front of HAProxy, with the
 * configurations kept in deploy/. It builds the site first when the build is missing or older than
 * the sources (as `npm start` does), prints the addresses, and stops everything on Ctrl-C.
 *
 * DATABASE_URL names the PostgreSQL database (created when missing; the user needs CREATEDB);
 * postgres://postgres@127.0.0.1:5432/site_cluster unless set. BUILD_DIR is honoured.
 */
import { execSync } from 'node:child_process'
import pg from 'pg'
import { startCluster } from './lib/cluster'
import { reasonToBuild } from './lib/source-hash.mjs'

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/site_cluster'
// The layout deploy/ documents.
const PORTS = { varnish: 8080, haproxy: 8081, instances: [3001, 3002, 3003], stats: 8404 }

async function main() {
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL
  if (!/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new Error('The cluster shares one PostgreSQL database: DATABASE_URL must be postgres://...')
  await createDatabaseIfMissing(databaseUrl)

  const buildDir = process.env.BUILD_DIR ?? 'build'
  const reason = reasonToBuild(buildDir)
  if (reason) {
    console.log(`${reason}: building the site first (about a minute)...`)
    execSync('npm run build', { stdio: 'inherit' })
  }

  console.log('Starting three instances, HAProxy and Varnish...')
  const cluster = await startCluster({ databaseUrl, ports: PORTS })
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    console.log('Stopping Varnish, HAProxy and the instances (each finishes its requests)...')
    cluster.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  console.log(
    [
      '',
      `The site, through Varnish:  ${cluster.url}`,
      `HAProxy (no shared cache):  ${cluster.haproxyUrl}  (statistics: http://127.0.0.1:${PORTS.stats}/stats)`,
      ...cluster.instances.map((instance) => `${instance.name}:${' '.repeat(17 - instance.name.length)}${instance.url}`),
      `Database:                   ${databaseUrl}`,
      '',
      'Ctrl-C stops everything.',
    ].join('\n'),
  )
}

async function createDatabaseIfMissing(url: string) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1))
  const server = new URL(url)
  server.pathname = '/postgres'
  const client = new pg.Client({ connectionString: server.toString() })
  await client.connect()
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`)
      console.log(`Created the database ${name}.`)
    }
  } finally {
    await client.end()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
