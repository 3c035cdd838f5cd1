import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseDatabaseUrl, type DatabaseTarget } from '~/server/config.server'
import { openDatabase } from '~/server/db/connection.server'
import { upsertAdmin } from '~/server/services/users.server'
import { serverArgs } from '../../scripts/lib/server-command'

export interface RunningServer {
  url: string
  database: DatabaseTarget
  /** The server's DATABASE_URL: pass it to `startServer` to start another on the same database. */
  databaseUrl: string
  /** Everything the server printed so far. */
  output(): string
  /**
   * Sends a signal (SIGKILL unless told) and resolves with how the process ended. Unlike `stop`, it
   * keeps the database, so call `stop` afterwards when it is this server's own temp database.
   */
  kill(signal?: NodeJS.Signals): Promise<ServerExit>
  stop(): Promise<void>
}

export interface ServerExit {
  code: number | null
  signal: NodeJS.Signals | null
}

/** Starts the production server (the built `server.ts` on the built app) on a free port with a fresh SQLite database. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'site-e2e-'))
  const databaseUrl = env.DATABASE_URL ?? `file:${join(dir, 'site.db')}`
  const child = spawn(process.execPath, serverArgs(), {
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // 'close' comes after 'exit' once the output is read to its end, so output() is complete by then.
  const exited = new Promise<ServerExit>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })))
  let log = ''
  child.stdout.on('data', (chunk) => (log += chunk))
  child.stderr.on('data', (chunk) => (log += chunk))
  const port = await waitForPort(child, () => log)
  return {
    url: `http://127.0.0.1:${port}`,
    database: parseDatabaseUrl(databaseUrl),
    databaseUrl,
    output: () => log,
    kill: (signal = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
    stop: async () => {
      // A killed process has no exit code, only its signal.
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

function waitForPort(child: ChildProcess, log: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 30 s:\n${log()}`)), 30_000)
    const check = () => {
      const match = /listening on http:\/\/localhost:(\d+)/.exec(log())
      if (match) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    }
    child.stdout?.on('data', check)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${log()}`))
    })
  })
}

/** Creates an admin straight in the server's database, as `npm run admin:create` would. */
export async function createAdmin(server: RunningServer, email: string, password: string) {
  const database = openDatabase(server.database)
  try {
    await upsertAdmin(database.db, email, password)
  } finally {
    await database.close()
  }
}

/** Runs a function against the server's database from the test's side. */
export async function withServerDb<T>(server: RunningServer, fn: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>) {
  const database = openDatabase(server.database)
  try {
    return await fn(database.db)
  } finally {
    await database.close()
  }
}
