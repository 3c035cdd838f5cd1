import { marketingPage } from '~/content/pages'
import { LegalPage } from '~/components/site/legal-page'
import { privacyPolicy } from '~/content/legal'
import { seo } from '~/lib/seo'
import type { RouteHandle } from '~/lib/served-plain'
import type { Route } from './+types/privacy'

// Served without React: the enhancement script adds what its markup needs (docs/decisions/053-marketing-pages-served-plain-with-one-small-enhancement.md).
export const handle: RouteHandle = { plain: true }

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, marketingPage('/privacy'))

// How long page-view counts are kept is the server's setting, so the policy states the one in force.
export function loader({ context }: Route.LoaderArgs) {
  return { retentionMonths: String(context.config.analyticsRetentionMonths) }
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={privacyPolicy} values={loaderData} />
}
