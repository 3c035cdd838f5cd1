import { marketingPages } from '~/content/pages'
import { pageAt } from '~/lib/marketing-pages'
import { LegalPage } from '~/components/site/legal-page'
import { privacyPolicy } from '~/content/legal'
import { seo } from '~/lib/seo'
import type { Route } from './+types/privacy'

export const meta: Route.MetaFunction = ({ matches }) => seo(matches, pageAt(marketingPages, '/privacy'))

// How long page-view counts are kept is the server's setting, so the policy states the one in force.
export function loader({ context }: Route.LoaderArgs) {
  return { retentionMonths: String(context.config.analyticsRetentionMonths) }
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={privacyPolicy} values={loaderData} />
}
