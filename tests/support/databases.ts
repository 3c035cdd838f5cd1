import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Kysely, Migrator, type RootOperationNode } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe } from 'vitest'
import type { DatabaseTarget } from '~/server/config.server'
import { migrateToLatest, openDatabase, type Database } from '~/server/db/connection.server'
import type { Dialect } from '~/server/db/dialect.server'
import { migrationsFor } from '~/server/db/migrations'
import type { Db } from '~/server/db/schema.server'

export interface TestDatabase extends Database {
  target: DatabaseTarget
  cleanup(): Promise<void>
}

/**
 * A test database seen as the migrations see it (untyped), for rows written in an older schema's
 * shape that the app's table types no longer describe.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely<any> is Kysely's own way to say "no table types", as migrations use it
export type UntypedDb = Kysely<any>

/** SQLite always; PostgreSQL as well when TEST_DATABASE_URL is set (CI always sets it). */
export const testDialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

/** A brand-new, migrated database: a temp SQLite file, or a fresh schema in the PostgreSQL test database. */
/** A fresh database migrated up to and including `migration`, as an older site stood: a migration's test starts there. */
export async function createTestDatabaseAt(dialect: Dialect, migration: string): Promise<TestDatabase> {
  const database = await createTestDatabase(dialect, { migrate: false })
  const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrationsFor(dialect) } })
  const { error } = await migrator.migrateTo(migration)
  if (error) {
    await database.cleanup()
    throw error
  }
  return database
}

export async function createTestDatabase(dialect: Dialect, { migrate = true } = {}): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'site-test-'))
    const target: DatabaseTarget = { kind: 'sqlite', path: join(dir, 'site.db') }
    const database = openDatabase(target)
    if (migrate) await migrateToLatest(database)
    return {
      ...database,
      target,
      cleanup: async () => {
        await database.close()
        rmSync(dir, { recursive: true, force: true })
      },
    }
  }
  const baseUrl = process.env.TEST_DATABASE_URL
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set')
  const schema = `t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  await admin.end()
  const url = new URL(baseUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  const target: DatabaseTarget = { kind: 'postgres', url: url.toString() }
  const database = openDatabase(target)
  if (migrate) await migrateToLatest(database)
  return {
    ...database,
    target,
    cleanup: async () => {
      await database.close()
      const dropper = new pg.Client({ connectionString: baseUrl })
      await dropper.connect()
      await dropper.query(`DROP SCHEMA ${schema} CASCADE`)
      await dropper.end()
    },
  }
}

/** Runs a suite once per engine, each against its own fresh database. */
export function describeEachDatabase(name: string, suite: (get: () => TestDatabase) => void) {
  for (const dialect of testDialects) {
    describe(`${name} [${dialect}]`, () => {
      let database: TestDatabase | undefined
      beforeAll(async () => {
        database = await createTestDatabase(dialect)
      })
      afterAll(async () => {
        await database?.cleanup()
      })
      suite(() => {
        if (!database) throw new Error('test database not ready')
        return database
      })
    })
  }
}

/**
 * The same database with one kind of statement on one table failing, as a dropped connection would
 * make it: for testing what an action does when its write fails.
 */
export function failingOn(db: Db, kind: RootOperationNode['kind'], table: string): Db {
  return db.withPlugin({
    transformQuery: ({ node }) => {
      if (node.kind === kind && JSON.stringify(node).includes(`"name":"${table}"`))
        throw new Error(`simulated failure: ${kind} on ${table}`)
      return node
    },
    transformResult: async ({ result }) => result,
  })
}

/**
 * The same database with someone else's write landing just as a save's transaction opens, after the
 * save read its record: for testing what a save does when its record vanished or changed meanwhile.
 */
export function racedBy(db: Db, write: () => Promise<unknown>): Db {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction')
        return () => ({ execute: async (work: (trx: Db) => Promise<unknown>) => (await write(), target.transaction().execute(work)) })
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
