import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'
import { openDatabase } from '~/server/db/connection.server'
import type { Db } from '~/server/db/schema.server'
import { findUserForSignIn, verifyPassword } from '~/server/services/users.server'

const run = promisify(execFile)
const dir = mkdtempSync(join(tmpdir(), 'admin-create-'))
const path = join(dir, 'site.db')
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function adminCreate(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', ...args], {
      env: { ...process.env, DATABASE_URL: `file:${path}` },
    })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, output: e.stdout + e.stderr }
  }
}

async function withDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const database = openDatabase({ kind: 'sqlite', path })
  try {
    return await work(database.db)
  } finally {
    await database.close()
  }
}

const storedHash = (email: string) => withDb(async (db) => (await findUserForSignIn(db, email))?.password_hash)

it('refuses a password under 8 characters with the spec message', async () => {
  const result = await adminCreate('--email', 'owner@example.com', '--password', 'short')
  expect(result.code).toBe(1)
  expect(result.output).toContain('Password must be at least 8 characters')
})

it('creates an admin, then resets the password on a second run', async () => {
  const first = await adminCreate('--email', 'Owner@Example.com', '--password', 'first-password')
  expect(first.code).toBe(0)
  expect(first.output).toContain('Admin Owner@Example.com created as an Owner.')
  expect(await verifyPassword((await storedHash('owner@example.com'))!, 'first-password')).toBe(true)

  const future = new Date(Date.now() + 60_000).toISOString()
  const userId = await withDb(async (db) => (await findUserForSignIn(db, 'owner@example.com'))!.id)
  await withDb((db) =>
    db.insertInto('sessions').values({ id: 'open-elsewhere', user_id: userId, expires_at: future, created_at: future }).execute(),
  )

  const second = await adminCreate('--email', 'owner@example.com', '--password', 'second-password')
  expect(second.output).toContain('Password reset for owner@example.com.')
  expect(second.output).toContain('Every session of that admin has ended.')
  expect(await withDb((db) => db.selectFrom('sessions').select('id').execute())).toEqual([])
  const hash = (await storedHash('owner@example.com'))!
  expect(hash).toMatch(/^\$argon2id\$/)
  expect(await verifyPassword(hash, 'second-password')).toBe(true)
  expect(await verifyPassword(hash, 'first-password')).toBe(false)
})
