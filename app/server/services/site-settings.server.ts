import { readOncePer } from './request-reads.server'
import { type SiteSettings, getSiteSettings } from '~/server/repositories/settings.server'
import type { LoadContext } from './load-context.server'

/** The public settings, read once for the root (its time zone) and the site's frame answering one request. */
export const siteSettingsFor = (request: Request, context: Pick<LoadContext, 'db' | 'config'>): Promise<SiteSettings> =>
  readOncePer(request, 'site-settings', () => getSiteSettings(context.db, context.config))
