import { parseArgs } from 'node:util'
import { z } from 'zod'
import { MIN_PASSWORD_LENGTH, passwordLengthMessage } from '~/lib/schemas'
import { loadConfig, loadDotEnv } from '~/server/config.server'
import { migrateToLatest, openDatabase } from '~/server/db/connection.server'
import { upsertAdmin } from '~/server/users.server'

// npm run admin:create -- --email E --password P : creates an admin, or resets an existing one's password.
loadDotEnv()
const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } })

const input = z
  .object({
    email: z.email('Give a valid --email, e.g. --email you@example.com'),
    password: z.string('Give a --password').min(MIN_PASSWORD_LENGTH, passwordLengthMessage),
  })
  .safeParse(values)

if (!input.success) {
  console.error(input.error.issues.map((i) => i.message).join('\n'))
  console.error('Usage: npm run admin:create -- --email you@example.com --password "a-long-password"')
  process.exit(1)
}

const database = openDatabase(loadConfig().database)
try {
  await migrateToLatest(database)
  const outcome = await upsertAdmin(database.db, input.data.email, input.data.password)
  console.log(outcome === 'created' ? `Admin ${input.data.email} created.` : `Password reset for ${input.data.email}.`)
  console.log('Sign in at /admin/login.')
} finally {
  await database.close()
}
