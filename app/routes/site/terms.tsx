import { marketingPage } from '~/content/pages'
import { LegalPage } from '~/components/site/legal-page'
import { termsOfService } from '~/content/legal'
import { seo } from '~/lib/seo'
import type { RouteHandle } from '~/lib/served-plain'
import type { Route } from './+types/terms'

// Served without React: the enhancement script adds what its markup needs (docs/decisions/053-marketing-pages-served-plain-with-one-small-enhancement.md).
export const handle: RouteHandle = { plain: true }

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, marketingPage('/terms'))

export default function Terms() {
  return <LegalPage document={termsOfService} />
}
