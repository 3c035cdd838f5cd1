import { useRouteLoaderData } from 'react-router'
import { DEFAULT_TIME_ZONE } from './dates'

/**
 * The site's time zone (Site Settings), which every date on screen is shown in. The root loads it
 * for every page, so the server's render and the browser's agree; a page rendered without the root's
 * data (its error page) falls back to the default.
 */
export function useTimeZone(): string {
  const root = useRouteLoaderData('root') as { timeZone: string } | undefined
  return root?.timeZone ?? DEFAULT_TIME_ZONE
}
