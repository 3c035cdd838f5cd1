import { marketingPages } from '~/content/pages'
import { pageAt } from '~/lib/marketing-pages'
import { LegalPage } from '~/components/site/legal-page'
import { termsOfService } from '~/content/legal'
import { seo } from '~/lib/seo'
import type { Route } from './+types/terms'

export const meta: Route.MetaFunction = ({ matches }) => seo(matches, pageAt(marketingPages, '/terms'))

export default function Terms() {
  return <LegalPage document={termsOfService} />
}
