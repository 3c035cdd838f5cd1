import { useRouteLoaderData } from 'react-router'
import type { SiteSettings } from '~/server/settings.server'

export const SITE_LAYOUT_ID = 'routes/site/layout'

/** The public contact details loaded once by the site layout, for any public component. */
export function useSiteSettings(): SiteSettings & { siteName: string } {
  const data = useRouteLoaderData(SITE_LAYOUT_ID) as { settings: SiteSettings; siteName: string } | undefined
  if (!data) throw new Error('useSiteSettings must be used inside the public site layout')
  return { ...data.settings, siteName: data.siteName }
}
