import { execFile } from 'node:child_process'
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from '../../scripts/perf/lib/production-server'

/*
 * A PostgreSQL server of a test's own, made with Debian's binaries in a temporary directory, for tests
 * that stop and restart the database: the shared server on 5432 serves every other test and is never
 * touched. initdb refuses to run as root, so as root the server runs as the `postgres` user. Trust
 * auth on 127.0.0.1 and no fsync: its data is thrown away.
 */

export interface PrivatePostgres {
  /** The `postgres` database on it, as DATABASE_URL takes it. */
  url: string
  /** A fast shutdown, as an operator's restart does: open sessions are ended with admin_shutdown (57P01). */
  stop(): Promise<void>
  start(): Promise<void>
  /** Stops the server and deletes its data. */
  destroy(): Promise<void>
}

const run = promisify(execFile)

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries()
  const dir = mkdtempSync(join(tmpdir(), 'site-postgres-'))
  const data = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const uid = Number(stdout.trim())
    const { stdout: gid } = await run('id', ['-g', 'postgres'])
    chownSync(dir, uid, Number(gid.trim()))
  }
  const asServerUser = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args]) : run(join(bin, command), args)
  const port = await freePort()
  const superuser = asRoot ? 'postgres' : userInfo().username
  await asServerUser('initdb', ['-D', data, '-U', superuser, '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`
  const start = async () => {
    await asServerUser('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '30', 'start'])
  }
  const stop = async () => {
    await asServerUser('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop'])
  }
  await start()
  return {
    url: `postgres://${superuser}@127.0.0.1:${port}/postgres`,
    stop,
    start,
    destroy: async () => {
      await stop().catch(() => {})
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The newest installed PostgreSQL's bin directory (Debian keeps each major version apart). */
function postgresBinaries(): string {
  const root = '/usr/lib/postgresql'
  let versions: string[]
  try {
    versions = readdirSync(root)
  } catch {
    throw new Error(`No PostgreSQL under ${root}: install it with \`apt-get install -y postgresql\`.`)
  }
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0]
  if (!newest) throw new Error(`No PostgreSQL under ${root}: install it with \`apt-get install -y postgresql\`.`)
  return join(root, newest, 'bin')
}
