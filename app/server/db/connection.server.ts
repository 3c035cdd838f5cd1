import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely'
import pg from 'pg'
import type { DatabaseTarget } from '~/server/config.server'
import { migrationsFor } from '~/server/db/migrations'
import type { Dialect } from '~/server/db/dialect.server'
import type { Db } from '~/server/db/schema.server'
import { logger } from '~/server/log.server'

export interface Database {
  db: Db
  dialect: Dialect
  close(): Promise<void>
  /** PostgreSQL's pool: connections open, idle among them, and queries waiting for one (for /metrics). */
  connections?(): { total: number; idle: number; waiting: number }
}

export function openDatabase(target: DatabaseTarget): Database {
  if (target.kind === 'sqlite') {
    if (target.path !== ':memory:') mkdirSync(dirname(target.path), { recursive: true })
    const sqlite = new SQLite(target.path)
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('foreign_keys = ON')
    // WAL with synchronous=NORMAL never loses a committed write to a process crash.
    sqlite.pragma('synchronous = NORMAL')
    sqlite.pragma('busy_timeout = 5000')
    const db: Db = new Kysely({ dialect: new WriterFirstSqliteDialect({ database: preparingOnce(sqlite) }) })
    return { db, dialect: 'sqlite', close: () => db.destroy() }
  }
  // While the server is unreachable a request fails after this long instead of waiting for a connection.
  const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  // A restarting server ends the idle connections; unheard, the pool's error event would end the process.
  // The pool drops them and opens new ones when asked.
  pool.on('error', (error) => logger.error({ event: 'db.connection_lost' }, `Database connection lost: ${error.message}`))
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }) })
  const connections = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount })
  return { db, dialect: 'postgres', close: () => db.destroy(), connections }
}

const CONNECT_TIMEOUT_MS = 3_000

const PREPARED_KEPT = 500

/**
 * The database as Kysely's SQLite driver sees it, each statement prepared once and kept: the driver
 * prepares every query anew, and preparing was as costly as running a page's queries. One connection
 * runs one query at a time, so a kept statement is never in use twice. Queries with lists of varying
 * length make new texts, so the oldest statement goes when the limit is reached.
 */
function preparingOnce(sqlite: SQLite.Database): SqliteDatabase {
  const prepared = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const kept = prepared.get(text)
      if (kept) return kept
      const statement = sqlite.prepare(text)
      if (prepared.size >= PREPARED_KEPT) prepared.delete(prepared.keys().next().value!)
      prepared.set(text, statement)
      return statement
    },
  }
}

/**
 * SQLite transactions that take the write lock when they begin. A deferred one (SQLite's default)
 * that reads and then writes fails at once with "database is locked" when another process (a second
 * tool on the same file, a test's own connection) wrote in between, and busy_timeout cannot help it;
 * an immediate one waits its turn under busy_timeout instead.
 */
class WriterFirstSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

class WriterFirstSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig
  constructor(config: SqliteDialectConfig) {
    super(config)
    this.#config = config
  }
  override createDriver() {
    return new WriterFirstSqliteDriver(this.#config)
  }
}

/** Applies every pending migration; throws (naming the migration) if one fails. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrationsFor(database.dialect) },
    migrationTableSchema: await migrationSchema(database),
  })
  const { error, results = [] } = await migrator.migrateToLatest()
  const failed = results.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error })
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/**
 * On PostgreSQL, the schema we work in. Unnamed, Kysely looks for its migration tables in every
 * schema and takes another schema's (another test run's, another app's) for ours.
 */
async function migrationSchema(database: Database): Promise<string | undefined> {
  if (database.dialect !== 'postgres') return undefined
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)
  return rows[0]?.schema
}

/**
 * Whether the database answers and holds this code's newest migration, in one query on the migrations
 * table: cheap enough for a load balancer to ask every second. A newer instance's migrations may be
 * there too (a rolling deploy); a missing one means the schema is older than the code.
 */
export async function migrationsCurrent(database: Database): Promise<boolean> {
  const latest = Object.keys(migrationsFor(database.dialect)).sort().at(-1)
  if (!latest) return true
  const { rows } = await sql<{ name: string }>`select name from kysely_migration where name = ${latest}`.execute(database.db)
  return rows.length === 1
}
