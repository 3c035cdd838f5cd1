import { resolve } from 'node:path'
import { loadConfig, loadDotEnv } from '~/server/config.server'
import { BackupRefused, backupSqlite, defaultBackupPath, formatBytes, plural } from '~/server/db/backup.server'
import { openDatabase } from '~/server/db/connection.server'
import { recordBackup } from '~/server/repositories/app-meta.server'
import { fromCaller } from './lib/caller-path'

// npm run db:backup [-- FILE] : an online copy of the SQLite database, safe while the server runs.
loadDotEnv()
const target = loadConfig().database
if (target.kind !== 'sqlite') {
  console.error('npm run db:backup copies a SQLite database; DATABASE_URL names PostgreSQL. Use pg_dump instead:')
  console.error('  pg_dump --format=custom --file=site.dump "$DATABASE_URL"')
  console.error('See "Backups" in docs/operations.md.')
  process.exit(1)
}

const dest = process.argv[2] ? fromCaller(process.argv[2]) : defaultBackupPath()
try {
  const report = await backupSqlite(target.path, dest)
  console.log(`Backed up ${target.path} to ${report.path} (${formatBytes(report.bytes)}).`)
  console.log(
    `Integrity check ok: ${plural(report.posts, 'post')}, ${plural(report.files, 'uploaded file')} (${formatBytes(report.fileBytes)}), schema ${report.migrations.at(-1) ?? 'empty'}.`,
  )
  console.log('Uploaded images are stored in the database, so this one file holds them too.')
  console.log(`Restore it with: npm run db:restore ${report.path}  (stop the server first)`)
  // For the System screen. The backup is made whatever happens here, so a failure only warns.
  const database = openDatabase(target)
  try {
    await recordBackup(database.db, { at: new Date().toISOString(), path: resolve(report.path), bytes: report.bytes })
  } catch (error) {
    console.warn(`The backup is made, but noting it for the System screen failed: ${(error as Error).message}`)
  } finally {
    await database.close()
  }
} catch (error) {
  console.error(error instanceof BackupRefused ? `Backup refused: ${error.message}` : error)
  process.exitCode = 1
}
