import { DEFAULT_TIME_ZONE, isTimeZone } from '~/lib/dates'
import { nowIso } from '~/lib/ids'
import type { Config } from '~/server/config.server'
import type { Db } from '~/server/db/schema.server'
import { recordActivity } from '~/server/repositories/activity.server'
import { nextVersion, type WriteOutcome } from '~/server/repositories/versions.server'

/** The public contact details and the site's time zone: defaults, overridden by what the admin saved. */
export interface SiteSettings {
  contactEmail: string
  /** The phone number as the owner typed it, for display; '' when the site shows none. */
  phone: string
  partnersEmail: string
  bookingUrl: string
  linkedinUrl: string
  twitterUrl: string
  /** The IANA zone every date and time is shown in, on the site and in the back office. */
  timeZone: string
}

/**
 * Settings only the back office and the server use. They are kept apart from SiteSettings because the
 * public layout sends those to every visitor, and a webhook URL is a password to whoever holds it.
 */
export interface PrivateSettings {
  /** Where every new lead is POSTed as JSON; '' when off. */
  webhookUrl: string
}

/** Everything the Site Settings form edits and saves as one set. */
export type EditableSettings = SiteSettings & PrivateSettings

const publicKeys: Record<keyof SiteSettings, string> = {
  contactEmail: 'contact_email',
  phone: 'phone',
  partnersEmail: 'partners_email',
  bookingUrl: 'booking_url',
  linkedinUrl: 'linkedin_url',
  twitterUrl: 'twitter_url',
  timeZone: 'time_zone',
}

/** The row of `site_settings` that holds each setting. */
export const settingKeys: Record<keyof EditableSettings, string> = { ...publicKeys, webhookUrl: 'webhook_url' }

type SettingRow = { key: string; value: string; updated_at: string }

function settingsOf(rows: SettingRow[], config: Config): EditableSettings {
  const saved = new Map(rows.map((r) => [r.key, r.value]))
  const defaults: EditableSettings = {
    contactEmail: config.contactEmail,
    phone: '',
    partnersEmail: config.partnersEmail,
    bookingUrl: config.bookingUrl,
    linkedinUrl: config.linkedinUrl,
    twitterUrl: config.twitterUrl,
    timeZone: DEFAULT_TIME_ZONE,
    webhookUrl: '',
  }
  const entries = Object.entries(settingKeys).map(([field, key]) => [field, saved.get(key) ?? defaults[field as keyof EditableSettings]])
  const settings = Object.fromEntries(entries) as EditableSettings
  // A stored zone this runtime does not know falls back to the default (see getTimeZone).
  return isTimeZone(settings.timeZone) ? settings : { ...settings, timeZone: DEFAULT_TIME_ZONE }
}

/**
 * The settings' version: the latest updated_at of their rows, '' while none is stored. A save
 * writes every row with one new version, so any save since an editor loaded moves it.
 */
function versionOf(rows: Pick<SettingRow, 'updated_at'>[]): string {
  return rows.reduce((latest, row) => (row.updated_at > latest ? row.updated_at : latest), '')
}

/**
 * Whether every admin must sign in with a second factor: its own row, saved by its own form, so it
 * is neither sent to visitors with the contact details nor part of their form's version.
 */
export const twoFactorRequiredKey = 'require_two_factor'

const formKeys = Object.values(settingKeys)

const readRows = (db: Db) => db.selectFrom('site_settings').select(['key', 'value', 'updated_at']).where('key', 'in', formKeys).execute()

/** The public settings only: what the public pages may show and send to the browser. */
export async function getSiteSettings(db: Db, config: Config): Promise<SiteSettings> {
  const { webhookUrl: _private, ...site } = settingsOf(await readRows(db), config)
  return site
}

/**
 * The site's time zone. A stored zone this runtime does not know (a zone renamed in a newer time
 * zone database, say) falls back to the default, so no page fails to show its dates.
 */
export async function getTimeZone(db: Db): Promise<string> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', settingKeys.timeZone).executeTakeFirst()
  return row && isTimeZone(row.value) ? row.value : DEFAULT_TIME_ZONE
}

/** The webhook new leads are POSTed to, or '' when none is set. */
export async function getWebhookUrl(db: Db): Promise<string> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', settingKeys.webhookUrl).executeTakeFirst()
  return row?.value ?? ''
}

/** Every setting the form edits, with the version the editor carries, read together. */
export async function getSiteSettingsToEdit(db: Db, config: Config): Promise<{ settings: EditableSettings; version: string }> {
  const rows = await readRows(db)
  return { settings: settingsOf(rows, config), version: versionOf(rows) }
}

/** Thrown inside the save's transaction to undo its rows when another save got there first. */
class SettingsChanged extends Error {}

/**
 * Saves every setting in one transaction, inserting each row the first time and updating it after,
 * so the public pages never show half of an edit. The save applies only over the version the editor
 * loaded: an older one is 'stale' and writes nothing. Without a version (a request that never loaded
 * the form) the save applies as sent. The activity log says who saved (`by`; null for a script).
 */
export async function saveSiteSettings(
  db: Db,
  settings: EditableSettings,
  version: string | null,
  by: string | null,
): Promise<Exclude<WriteOutcome, 'gone'>> {
  try {
    return await db.transaction().execute(async (trx) => {
      const current = versionOf(await trx.selectFrom('site_settings').select('updated_at').where('key', 'in', formKeys).execute())
      if (version !== null && version !== current) return 'stale'
      const updatedAt = nextVersion(current || undefined)
      const rows = Object.entries(settingKeys).map(([field, key]) => ({
        key,
        value: settings[field as keyof EditableSettings],
        updated_at: updatedAt,
      }))
      const written = await trx
        .insertInto('site_settings')
        .values(rows)
        .onConflict((oc) => {
          const update = oc
            .column('key')
            .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') }))
          // A save that committed between the read above and this write left rows newer than
          // `current`; the condition is checked on each row as it stands now (PostgreSQL waits for
          // that save first), so that save wins and this one skips its rows and is rolled back.
          return version === null ? update : update.where('site_settings.updated_at', '<=', current)
        })
        .executeTakeFirst()
      if (Number(written.numInsertedOrUpdatedRows) !== rows.length) throw new SettingsChanged()
      await recordActivity(trx, { user_email: by, action: 'updated', record_type: 'site-settings', title: null })
      return 'saved'
    })
  } catch (error) {
    if (error instanceof SettingsChanged) return 'stale'
    throw error
  }
}

/** Whether an owner requires two-factor sign-in of every admin. */
export async function isTwoFactorRequired(db: Db): Promise<boolean> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', twoFactorRequiredKey).executeTakeFirst()
  return row?.value === '1'
}

/** Requires two-factor sign-in of every admin, or stops requiring it; logged as `by`'s change (null for a script). */
export async function setTwoFactorRequired(db: Db, required: boolean, by: string | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('site_settings')
      .values({ key: twoFactorRequiredKey, value: required ? '1' : '0', updated_at: nowIso() })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })),
      )
      .execute()
    const title = required ? 'Two-factor sign-in required of every admin' : 'Two-factor sign-in not required'
    await recordActivity(trx, { user_email: by, action: 'updated', record_type: 'site-settings', title })
  })
}

/** A setting kept as one JSON document (the navigation), with its version; undefined until first saved. */
export async function getDocumentSetting(db: Db, key: string): Promise<{ value: string; version: string } | undefined> {
  const row = await db.selectFrom('site_settings').select(['value', 'updated_at']).where('key', '=', key).executeTakeFirst()
  return row && { value: row.value, version: row.updated_at }
}

/**
 * Saves a JSON setting over the version its editor loaded ('' when it was never saved): 'stale' when
 * another save got there first, and nothing is written.
 */
export async function saveDocumentSetting(db: Db, key: string, value: string, version: string): Promise<'saved' | 'stale'> {
  const updatedAt = nextVersion(version || undefined)
  if (version === '') {
    const inserted = await db
      .insertInto('site_settings')
      .values({ key, value, updated_at: updatedAt })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst()
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? 'saved' : 'stale'
  }
  const updated = await db
    .updateTable('site_settings')
    .set({ value, updated_at: updatedAt })
    .where('key', '=', key)
    .where('updated_at', '=', version)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) === 1 ? 'saved' : 'stale'
}
