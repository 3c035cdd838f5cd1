import { Outlet } from 'react-router'
import { SiteFooter } from '~/components/site/footer'
import { SiteHeader } from '~/components/site/header'
import { locations } from '~/content/locations'
import { listPageSearchFields } from '~/server/repositories/page-search-fields.server'
import { getSiteSettings } from '~/server/repositories/settings.server'
import type { Route } from './+types/layout'

export async function loader({ context }: Route.LoaderArgs) {
  const [settings, pageSearch] = await Promise.all([getSiteSettings(context.db, context.config), listPageSearchFields(context.db)])
  // Only what meta needs: the firm's places and a page's own search fields, by path (app/lib/seo.ts).
  return { settings, places: locations, pageSearch: Object.fromEntries([...pageSearch].map(([page, { fields }]) => [page, fields])) }
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
