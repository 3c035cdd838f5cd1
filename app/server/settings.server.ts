import { nowIso } from '~/lib/ids'
import type { Config } from './config.server'
import type { Db } from './db/schema.server'

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

export async function getSiteSettings(db: Db, config: Config): Promise<SiteSettings> {
  const rows = await db.selectFrom('site_settings').select(['key', 'value']).execute()
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
 * Saves every setting in one statement, inserting each row the first time and updating it after,
 * so the public pages never show half of an edit.
 */
export async function saveSiteSettings(db: Db, settings: SiteSettings, now = nowIso()): Promise<void> {
  const rows = Object.entries(settingKeys).map(([field, key]) => ({
    key,
    value: settings[field as keyof SiteSettings],
    updated_at: now,
  }))
  await db
    .insertInto('site_settings')
    .values(rows)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })),
    )
    .execute()
}
