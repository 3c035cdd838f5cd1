import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import SQLite from 'better-sqlite3'
import { migrateToLatest, openDatabase } from '~/server/db/connection.server'
import { migrationsFor } from '~/server/db/migrations'

/*
 * Backups of a SQLite site database. Uploaded images live in the `files` table
 * (storage.server.ts), so one database file is the whole state of the site.
 *
 * A backup is taken with SQLite's online backup API from a read-only connection: it reads one
 * committed snapshot, so it is safe while the server is serving and writing (WAL lets a reader and
 * a writer work at once). The copy is made under a temporary name, switched to a single
 * self-contained file (no -wal), checked, and only then given its final name.
 *
 * A restore never touches the live database until the backup has been copied, checked and migrated
 * on the side. It refuses while any process has the database open: SQLite's own locks tell, since
 * leaving WAL mode needs every other connection gone. The current database is kept as
 * `<file>.before-restore-<timestamp>`, and the new file replaces it with one rename, so a crash
 * leaves either the old database or the new one, never half of one.
 */

/** A backup or restore that was refused; the message says why and what to do. Nothing was changed. */
export class BackupRefused extends Error {}

/** The site's tables a backup must hold to be ours (the migrations table tells its schema version). */
const REQUIRED_TABLES = ['kysely_migration', 'blog_posts', 'files'] as const
const MIGRATION_TABLE = 'kysely_migration'

export interface DatabaseSummary {
  posts: number
  files: number
  /** Total size of the uploaded files stored in the database. */
  fileBytes: number
  /** Migrations recorded as applied. */
  migrations: string[]
}

export interface BackupReport extends DatabaseSummary {
  path: string
  bytes: number
}

export interface RestoreReport extends DatabaseSummary {
  source: string
  target: string
  bytes: number
  /** Where the database that was replaced now is, or null when there was none. */
  keptAs: string | null
  /** Leftover -wal/-shm/-journal files removed from beside the target. */
  removed: string[]
  /** Migrations applied because the backup was older than the code. */
  migrated: string[]
}

/** `20261122T103000Z`: UTC, sortable, no characters that file systems dislike. */
export function backupTimestamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
}

export function defaultBackupPath(date = new Date(), dir = 'backups'): string {
  return unusedPath(join(dir, `site-${backupTimestamp(date)}`), '.db')
}

/**
 * Copies the database at `sourcePath` to `destPath` (which must not exist) while it may be in use,
 * checks the copy and returns what it holds.
 */
export async function backupSqlite(sourcePath: string, destPath: string): Promise<BackupReport> {
  if (!existsSync(sourcePath)) throw new BackupRefused(`There is no database at ${sourcePath}.`)
  if (existsSync(destPath)) throw new BackupRefused(`${destPath} already exists; choose another name.`)
  mkdirSync(dirname(destPath) || '.', { recursive: true })
  const partial = `${destPath}.partial-${process.pid}`
  removeDatabaseFiles(partial)
  try {
    await copyThroughSqlite(sourcePath, partial)
    const summary = finishCopy(partial, sourcePath)
    if (existsSync(destPath)) throw new BackupRefused(`${destPath} appeared while the backup ran; choose another name.`)
    renameSync(partial, destPath)
    syncDirectory(dirname(destPath))
    return { path: destPath, bytes: statSync(destPath).size, ...summary }
  } finally {
    removeDatabaseFiles(partial)
  }
}

/**
 * Replaces the database at `targetPath` with the backup at `backupPath`, after checking the backup
 * and bringing its schema up to date. Refuses (changing nothing) when the backup is not a sound
 * copy of this site's database or when the target is open in another process.
 */
export async function restoreSqlite(backupPath: string, targetPath: string, now = new Date()): Promise<RestoreReport> {
  if (!existsSync(backupPath)) throw new BackupRefused(`There is no file at ${backupPath}.`)
  if (statSync(backupPath).isDirectory()) throw new BackupRefused(`${backupPath} is a directory, not a backup file.`)
  if (existsSync(targetPath) && realpathSync(backupPath) === realpathSync(targetPath)) {
    throw new BackupRefused(`${backupPath} is the database itself; give a backup file.`)
  }
  mkdirSync(dirname(targetPath) || '.', { recursive: true })
  // Same directory as the target, so the final rename is atomic.
  const incoming = `${targetPath}.restoring-${process.pid}`
  removeDatabaseFiles(incoming)
  try {
    await copyThroughSqlite(backupPath, incoming)
    const before = finishCopy(incoming, backupPath)
    const migrated = await migrateCopy(incoming, before.migrations, backupPath)
    const summary = migrated.length ? finishCopy(incoming, backupPath) : before

    const keptAs = existsSync(targetPath) ? await keepCurrent(targetPath, now) : null
    const removed = [`${targetPath}-wal`, `${targetPath}-shm`, `${targetPath}-journal`].filter((file) => existsSync(file))
    for (const file of removed) rmSync(file)
    renameSync(incoming, targetPath)
    syncDirectory(dirname(targetPath))
    return { source: backupPath, target: targetPath, bytes: statSync(targetPath).size, keptAs, removed, migrated, ...summary }
  } finally {
    removeDatabaseFiles(incoming)
  }
}

/** One committed snapshot of `sourcePath`, written to the new file `destPath` by SQLite's backup API. */
async function copyThroughSqlite(sourcePath: string, destPath: string): Promise<void> {
  let source: SQLite.Database | undefined
  try {
    source = new SQLite(sourcePath, { readonly: true, fileMustExist: true })
    // The first step only measures; the second copies every page in one read transaction, so a
    // write on another connection cannot make the copy start over (and it never blocks that write).
    await source.backup(destPath, { progress: () => 0x7fffffff })
  } catch (error) {
    throw new BackupRefused(unreadable(sourcePath, error), { cause: error })
  } finally {
    source?.close()
  }
}

/**
 * Turns a fresh copy into a single self-contained file, syncs it to disk and checks it: integrity,
 * our tables. Returns what it holds.
 */
function finishCopy(path: string, describedAs: string): DatabaseSummary {
  let copy: SQLite.Database | undefined
  try {
    copy = new SQLite(path, { fileMustExist: true, timeout: 0 })
    copy.pragma('journal_mode = DELETE')
    const problems = (copy.pragma('integrity_check', { simple: false }) as { integrity_check: string }[]).map((row) => row.integrity_check)
    if (problems.join() !== 'ok') {
      throw new BackupRefused(`${describedAs} is damaged; SQLite's integrity check says: ${problems.slice(0, 3).join('; ')}`)
    }
    const tables = new Set(
      (copy.prepare(`select name from sqlite_master where type = 'table'`).all() as { name: string }[]).map((row) => row.name),
    )
    const missing = REQUIRED_TABLES.filter((table) => !tables.has(table))
    if (missing.length) {
      throw new BackupRefused(
        `${describedAs} is a SQLite database but not this site's (it has no ${missing.join(', ')} table${missing.length > 1 ? 's' : ''}).`,
      )
    }
    const count = (sql: string) => Number((copy!.prepare(sql).get() as { n: number | null }).n ?? 0)
    const summary = {
      posts: count('select count(*) as n from blog_posts'),
      files: count('select count(*) as n from files'),
      fileBytes: count('select sum(size) as n from files'),
      migrations: (copy.prepare(`select name from ${MIGRATION_TABLE} order by name`).all() as { name: string }[]).map((r) => r.name),
    }
    copy.close()
    copy = undefined
    syncFile(path)
    return summary
  } catch (error) {
    if (error instanceof BackupRefused) throw error
    throw new BackupRefused(unreadable(describedAs, error), { cause: error })
  } finally {
    copy?.close()
  }
}

/** Applies the migrations a backup from older code lacks; refuses one made by newer code. */
async function migrateCopy(path: string, applied: string[], describedAs: string): Promise<string[]> {
  const known = Object.keys(migrationsFor('sqlite'))
  const unknown = applied.filter((name) => !known.includes(name))
  if (unknown.length) {
    throw new BackupRefused(
      `${describedAs} was made by a newer version of the site (migrations this code does not know: ${unknown.join(', ')}). Update the code first.`,
    )
  }
  if (known.every((name) => applied.includes(name))) return []
  const database = openDatabase({ kind: 'sqlite', path })
  try {
    return await migrateToLatest(database)
  } catch (error) {
    throw new BackupRefused(`Bringing ${describedAs} up to date failed: ${sqliteMessage(error)}`, { cause: error })
  } finally {
    await database.close()
  }
}

/**
 * Keeps the database about to be replaced as `<file>.before-restore-<timestamp>`. Leaving WAL mode
 * needs every other connection closed, so it doubles as the check that no server is using the
 * file, and it folds any committed writes still in the -wal file (say, after a crash) into it.
 */
async function keepCurrent(targetPath: string, now: Date): Promise<string> {
  let current: SQLite.Database | undefined
  try {
    current = new SQLite(targetPath, { fileMustExist: true, timeout: 0 })
    current.pragma('journal_mode = DELETE')
  } catch (error) {
    current?.close()
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new BackupRefused(
        `${targetPath} is in use by another process. Stop the server (and anything else using the database, such as a backup in progress), then run the restore again.`,
        { cause: error },
      )
    }
    throw new BackupRefused(
      `The current database ${targetPath} cannot be opened (${sqliteMessage(error)}), so it cannot be kept. Move it and its -wal/-shm files aside yourself, then run the restore again.`,
      { cause: error },
    )
  }
  const keptAs = unusedPath(`${targetPath}.before-restore-${backupTimestamp(now)}`, '')
  try {
    await current.backup(keptAs, { progress: () => 0x7fffffff })
  } catch (error) {
    removeDatabaseFiles(keptAs)
    throw error
  } finally {
    current.close()
  }
  syncFile(keptAs)
  return keptAs
}

/** `1.4 MB`, `812 KB`, `96 B`: for the scripts' reports. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** `1 post`, `2 posts`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

/** `base + ext`, or `base-2 + ext`, `base-3 + ext`... whichever does not exist yet. */
function unusedPath(base: string, ext: string): string {
  let path = `${base}${ext}`
  for (let n = 2; existsSync(path); n++) path = `${base}-${n}${ext}`
  return path
}

function removeDatabaseFiles(path: string) {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true })
}

function syncFile(path: string) {
  const fd = openSync(path, 'r+')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** Makes a rename durable (Linux and macOS can sync a directory; elsewhere the rename still happened). */
function syncDirectory(dir: string) {
  try {
    const fd = openSync(dir || '.', 'r')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  } catch {
    // best effort
  }
}

function unreadable(path: string, error: unknown): string {
  const code = (error as { code?: string }).code
  if (code === 'SQLITE_NOTADB') return `${path} is not a SQLite database (${sqliteMessage(error)}).`
  if (code?.startsWith('SQLITE_CORRUPT')) return `${path} is damaged or truncated (${sqliteMessage(error)}).`
  return `${path} cannot be read as a SQLite database (${sqliteMessage(error)}).`
}

function sqliteMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
