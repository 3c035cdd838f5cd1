import { loadConfig, loadDotEnv } from '~/server/config.server'
import { BackupRefused, formatBytes, plural, restoreSqlite } from '~/server/db/backup.server'
import { fromCaller } from './lib/caller-path'

// npm run db:restore FILE : replaces the SQLite database with a backup. Stop the server first.
loadDotEnv()
const file = process.argv[2]
if (!file) {
  console.error('Usage: npm run db:restore backups/site-20260101T000000Z.db   (stop the server first)')
  process.exit(1)
}
const target = loadConfig().database
if (target.kind !== 'sqlite') {
  console.error('npm run db:restore restores a SQLite database; DATABASE_URL names PostgreSQL. Use pg_restore instead:')
  console.error('  pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" site.dump')
  console.error('See "Backups" in docs/operations.md.')
  process.exit(1)
}

try {
  const report = await restoreSqlite(fromCaller(file), target.path)
  console.log(
    `Checked ${report.source}: integrity ok, ${plural(report.posts, 'post')}, ${plural(report.files, 'uploaded file')} (${formatBytes(report.fileBytes)}).`,
  )
  if (report.keptAs) {
    console.log(`Kept the previous database as ${report.keptAs} (to undo: npm run db:restore ${report.keptAs}).`)
  }
  if (report.removed.length) console.log(`Removed stale ${report.removed.join(', ')}.`)
  console.log(report.migrated.length ? `Applied migrations: ${report.migrated.join(', ')}.` : 'Schema is up to date; no migrations needed.')
  console.log(`Restored ${report.target} (${formatBytes(report.bytes)}). Start the server again.`)
} catch (error) {
  console.error(error instanceof BackupRefused ? `Restore refused, nothing was changed: ${error.message}` : error)
  process.exitCode = 1
}
