import { sql } from 'kysely'
import type { Dialect } from '~/server/db/dialect.server'
import type { Db } from '~/server/db/schema.server'

/** The database engine and its version, as it reports them: 'SQLite 3.46.1', 'PostgreSQL 16.4 (Debian 16.4-1.pgdg120+2)'. */
export async function databaseServerVersion(db: Db, dialect: Dialect): Promise<string> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ version: string }>`select sqlite_version() as version`.execute(db)
    return `SQLite ${rows[0]!.version}`
  }
  const { rows } = await sql<{ version: string }>`select version() as version`.execute(db)
  // The rest says what compiled it: "on x86_64-pc-linux-gnu, compiled by gcc ...".
  return rows[0]!.version.split(' on ')[0]!
}
