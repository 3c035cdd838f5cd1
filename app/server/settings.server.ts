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

const settingKeys: Record<keyof SiteSettings, string> = {
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
