import { parseArgs } from 'node:util'
import { z } from 'zod'
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordLengthMessage, passwordTooLongMessage } from '~/lib/schemas'
import { loadConfig, loadDotEnv } from '~/server/config.server'
import { migrateToLatest, openDatabase } from '~/server/db/connection.server'
import { upsertAdmin } from '~/server/services/users.server'

// npm run admin:create -- --email E --password P : creates an admin, or resets an existing one's password.
loadDotEnv()
const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } })

const input = z
  .object({
    email: z
      .email('Give a valid --email, e.g. --email you@example.com')
      .max(MAX_EMAIL_LENGTH, `The email must be ${MAX_EMAIL_LENGTH} characters or fewer`),
    password: z
      .string('Give a --password')
      .min(MIN_PASSWORD_LENGTH, passwordLengthMessage)
      .max(MAX_PASSWORD_LENGTH, passwordTooLongMessage),
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
  console.log(
    outcome === 'created'
      ? `Admin ${input.data.email} created as an Owner.`
      : `Password reset for ${input.data.email}. Every session of that admin has ended. Two-factor sign-in is off for them until they turn it on again.`,
  )
  console.log('Sign in at /admin/login.')
} finally {
  await database.close()
}
