import type { Config } from '~/server/config.server'
import type { Db } from '~/server/db/schema.server'
import { nextVersion, type WriteOutcome } from '~/server/repositories/versions.server'

/** The public contact details: environment defaults, overridden by what the admin saved. */
export interface SiteSettings {
  contactEmail: string
  partnersEmail: string
  bookingUrl: string
  linkedinUrl: string
  twitterUrl: string
}

/** The row of `site_settings` that holds each setting. */
export const settingKeys: Record<keyof SiteSettings, string> = {
  contactEmail: 'contact_email',
  partnersEmail: 'partners_email',
  bookingUrl: 'booking_url',
  linkedinUrl: 'linkedin_url',
  twitterUrl: 'twitter_url',
}

type SettingRow = { key: string; value: string; updated_at: string }

function settingsOf(rows: SettingRow[], config: Config): SiteSettings {
  const saved = new Map(rows.map((r) => [r.key, r.value]))
  const defaults: SiteSettings = {
    contactEmail: config.contactEmail,
    partnersEmail: config.partnersEmail,
    bookingUrl: config.bookingUrl,
    linkedinUrl: config.linkedinUrl,
    twitterUrl: config.twitterUrl,
  }
  const entries = Object.entries(settingKeys).map(([field, key]) => [field, saved.get(key) ?? defaults[field as keyof SiteSettings]])
  return Object.fromEntries(entries) as SiteSettings
}

/**
 * The settings' version: the latest updated_at of their rows, '' while none is stored. A save
 * writes every row with one new version, so any save since an editor loaded moves it.
 */
function versionOf(rows: Pick<SettingRow, 'updated_at'>[]): string {
  return rows.reduce((latest, row) => (row.updated_at > latest ? row.updated_at : latest), '')
}

const readRows = (db: Db) => db.selectFrom('site_settings').select(['key', 'value', 'updated_at']).execute()

export async function getSiteSettings(db: Db, config: Config): Promise<SiteSettings> {
  return settingsOf(await readRows(db), config)
}

/** The settings with the version the editor carries, read together. */
export async function getSiteSettingsToEdit(db: Db, config: Config): Promise<{ settings: SiteSettings; version: string }> {
  const rows = await readRows(db)
  return { settings: settingsOf(rows, config), version: versionOf(rows) }
}

/** Thrown inside the save's transaction to undo its rows when another save got there first. */
class SettingsChanged extends Error {}

/**
 * Saves every setting in one transaction, inserting each row the first time and updating it after,
 * so the public pages never show half of an edit. The save applies only over the version the editor
 * loaded: an older one is 'stale' and writes nothing. Without a version (a request that never loaded
 * the form) the save applies as sent.
 */
export async function saveSiteSettings(db: Db, settings: SiteSettings, version: string | null): Promise<Exclude<WriteOutcome, 'gone'>> {
  try {
    return await db.transaction().execute(async (trx) => {
      const current = versionOf(await trx.selectFrom('site_settings').select('updated_at').execute())
      if (version !== null && version !== current) return 'stale'
      const updatedAt = nextVersion(current || undefined)
      const rows = Object.entries(settingKeys).map(([field, key]) => ({ key, value: settings[field as keyof SiteSettings], updated_at: updatedAt }))
      const written = await trx
        .insertInto('site_settings')
        .values(rows)
        .onConflict((oc) => {
          const update = oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') }))
          // A save that committed between the read above and this write left rows newer than
          // `current`; the condition is checked on each row as it stands now (PostgreSQL waits for
          // that save first), so that save wins and this one skips its rows and is rolled back.
          return version === null ? update : update.where('site_settings.updated_at', '<=', current)
        })
        .executeTakeFirst()
      if (Number(written.numInsertedOrUpdatedRows) !== rows.length) throw new SettingsChanged()
      return 'saved'
    })
  } catch (error) {
    if (error instanceof SettingsChanged) return 'stale'
    throw error
  }
}
