import { loadConfig, loadDotEnv } from '~/server/config.server'
import { migrateToLatest, openDatabase } from '~/server/db/connection.server'

loadDotEnv()
const database = openDatabase(loadConfig().database)
try {
  const applied = await migrateToLatest(database)
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.')
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await database.close()
}
