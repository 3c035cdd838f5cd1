import { useRouteLoaderData } from 'react-router'
import { SITE_LAYOUT_ID } from '~/lib/route-ids'
import type { SiteNavigation } from '~/lib/navigation'
import type { SiteSettings } from '~/server/repositories/settings.server'

/** The public contact details loaded once by the site layout, with the site name from the root. */
export function useSiteSettings(): SiteSettings & { siteName: string } {
  const site = useRouteLoaderData(SITE_LAYOUT_ID) as { settings: SiteSettings } | undefined
  const root = useRouteLoaderData('root') as { siteName: string } | undefined
  if (!site || !root) throw new Error('useSiteSettings must be used inside the public site layout')
  return { ...site.settings, siteName: root.siteName }
}

/** The header's menus and the footer's columns, loaded once by the site layout. */
export function useSiteNavigation(): SiteNavigation {
  const site = useRouteLoaderData(SITE_LAYOUT_ID) as { navigation: SiteNavigation } | undefined
  if (!site) throw new Error('useSiteNavigation must be used inside the public site layout')
  return site.navigation
}
