import { Outlet } from 'react-router'
import { SiteFooter } from '~/components/site/footer'
import { SiteHeader } from '~/components/site/header'
import { marketingPages } from '~/content/pages'
import { listPageSearchFields } from '~/server/repositories/page-search-fields.server'
import { collectionsFor } from '~/server/services/collections.server'
import { siteNavigation } from '~/server/services/navigation.server'
import { shows } from '~/server/services/shown-content.server'
import { siteSettingsFor } from '~/server/services/site-settings.server'
import type { Route } from './+types/layout'

export async function loader({ request, context }: Route.LoaderArgs) {
  shows(context, 'site')
  const [settings, pageSearch, navigation, { locations }] = await Promise.all([
    siteSettingsFor(request, context),
    listPageSearchFields(context.db),
    siteNavigation(request, context.db),
    collectionsFor(request, context.db),
  ])
  // The frame's menus, and what meta needs: the firm's places and a page's own search fields, by path (app/lib/seo.ts).
  return {
    settings,
    navigation,
    places: locations.map(({ data }) => ({ city: data.city, state: data.state })),
    // Only the record lists' (the blog's, the case studies'): a page built from blocks carries its own.
    pageSearch: Object.fromEntries(
      marketingPages.flatMap(({ path }) => (pageSearch.has(path) ? [[path, pageSearch.get(path)!.fields]] : [])),
    ),
  }
}

export default function SiteLayout() {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:ring-3 focus:ring-ring"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  )
}
