import { newId, nowIso } from '~/lib/ids'
import type { Db } from '~/server/db/schema.server'

/** An admin's two-factor columns: the confirmed secret, one being set up, and the last step accepted. */
export interface TwoFactorState {
  secret: string | null
  pendingSecret: string | null
  lastStep: number | null
}

export async function readTwoFactor(db: Db, userId: string): Promise<TwoFactorState | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['totp_secret', 'totp_pending_secret', 'totp_last_step'])
    .where('id', '=', userId)
    .executeTakeFirst()
  return (
    row && {
      secret: row.totp_secret,
      pendingSecret: row.totp_pending_secret,
      lastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
    }
  )
}

/** Keeps a new secret for setup, replacing any unfinished one; the confirmed secret stays as it is. */
export async function savePendingSecret(db: Db, userId: string, secret: string | null): Promise<void> {
  await db.updateTable('users').set({ totp_pending_secret: secret }).where('id', '=', userId).execute()
}

/**
 * Makes the secret being set up the admin's own, with the step of the code that confirmed it (so that
 * code cannot sign in too) and a new set of recovery codes, in one transaction. Only if the secret
 * being set up is still the one the code was checked against: a setup restarted meanwhile (another
 * tab) wins, and this one reports false.
 */
export async function confirmPendingSecret(
  db: Db,
  userId: string,
  confirmed: { secret: string; step: number; codeHashes: string[] },
  alsoInTransaction: (trx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('users')
      .set({ totp_secret: confirmed.secret, totp_pending_secret: null, totp_last_step: confirmed.step, updated_at: nowIso() })
      .where('id', '=', userId)
      .where('totp_pending_secret', '=', confirmed.secret)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) return false
    await replaceCodes(trx, userId, confirmed.codeHashes)
    await alsoInTransaction(trx)
    return true
  })
}

/**
 * Accepts a code's time step once: the update applies only when the step is later than the last
 * accepted one, and both engines apply updates of one row one at a time, so of two requests with
 * the same code exactly one changes the row and gets true.
 */
export async function claimTimeStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_secret', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Marks an unused recovery code used; true only for the one request whose update found it unused. */
export async function spendRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(count)
}

/** Replaces every recovery code of the admin (used or not) with new ones. */
export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]): Promise<void> {
  await db.transaction().execute((trx) => replaceCodes(trx, userId, codeHashes))
}

async function replaceCodes(trx: Db, userId: string, codeHashes: string[]): Promise<void> {
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
  const createdAt = nowIso()
  await trx
    .insertInto('recovery_codes')
    .values(codeHashes.map((codeHash) => ({ id: newId(), user_id: userId, code_hash: codeHash, used_at: null, created_at: createdAt })))
    .execute()
}

/**
 * Turns two-factor sign-in off: no secret, no setup under way, no recovery codes. Two statements:
 * run it in the caller's transaction, so they happen together.
 */
export async function clearTwoFactor(trx: Db, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute()
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
}
