import { seedNavigation } from '~/content/navigation'
import { linksIn } from '~/lib/blocks/fields'
import { NAVIGATION_FIELDS, type NavigationSettings, type SiteNavigation, navigationSchema } from '~/lib/navigation'
import { pageContentErrors } from '~/lib/page-content'
import type { Db } from '~/server/db/schema.server'
import { parsedOnce } from '~/server/repositories/parsed-json.server'
import { recordActivity } from '~/server/repositories/activity.server'
import { getDocumentSetting, saveDocumentSetting } from '~/server/repositories/settings.server'
import { collectionsFor } from './collections.server'
import { readWhileUnchanged } from './request-reads.server'
import type { LoadContext } from './load-context.server'
import { siteLinkErrors } from './pages.server'
import type { User } from './users.server'

export const NAVIGATION_KEY = 'navigation'

/** The menus and columns as edited, with their version ('' until first saved, when the launch ones stand). */
export async function readNavigation(db: Db): Promise<{ navigation: NavigationSettings; version: string }> {
  const stored = await getDocumentSetting(db, NAVIGATION_KEY)
  if (!stored) return { navigation: seedNavigation, version: '' }
  return { navigation: parsedOnce('navigation', stored.value, (value) => navigationSchema.parse(value)), version: stored.version }
}

/** The header's menus and the footer's columns as visitors see them, with the collections' links filled in, kept while unchanged. */
export function siteNavigation(request: Request, db: Db): Promise<SiteNavigation> {
  return readWhileUnchanged(request, db, 'site-navigation', async () => {
    const [{ navigation }, { services, industries }] = await Promise.all([readNavigation(db), collectionsFor(request, db)])
    const listed = {
      links: [],
      services: services.map(({ data }) => ({ title: data.name, href: `/solutions#${data.anchor}` })),
      industries: industries.map(({ data }) => ({ title: data.name, href: `/industries/${data.slug}` })),
    }
    const linksOf = (column: NavigationSettings['footer'][number]) => [...listed[column.source], ...column.links]
    return {
      menus: navigation.menus.map(({ label, path, sections }) => ({
        label,
        path,
        sections: sections.map((section) => ({ title: section.title, items: linksOf(section) })),
      })),
      footer: navigation.footer.map((column) => ({ title: column.title, links: linksOf(column) })),
    }
  })
}

export type NavigationSaveResult = { outcome: 'saved' | 'stale' } | { outcome: 'invalid'; errors: Record<string, string> }

/** Saves the menus over the version the editor loaded, once every link leads somewhere. */
export async function saveNavigation(
  context: LoadContext,
  user: User,
  input: { version: string; data: unknown },
): Promise<NavigationSaveResult> {
  const parsed = navigationSchema.safeParse(input.data)
  if (!parsed.success) return { outcome: 'invalid', errors: pageContentErrors(parsed.error) }
  const errors = await siteLinkErrors(context.db, linksIn(NAVIGATION_FIELDS, parsed.data))
  if (Object.keys(errors).length > 0) return { outcome: 'invalid', errors }
  const outcome = await context.db.transaction().execute(async (trx) => {
    const saved = await saveDocumentSetting(trx, NAVIGATION_KEY, JSON.stringify(parsed.data), input.version)
    if (saved === 'saved')
      await recordActivity(trx, { user_email: user.email, action: 'updated', record_type: 'navigation', title: 'Menus and footer links' })
    return saved
  })
  if (outcome === 'saved') context.contentChanged('navigation')
  return { outcome }
}
