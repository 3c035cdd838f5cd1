import { LegalPage } from '~/components/site/legal-page'
import { termsOfService } from '~/content/legal'
import { seo } from '~/lib/seo'
import type { Route } from './+types/terms'

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: 'Terms of Service', description: 'The terms for using this website.', path: '/terms' })

export default function Terms() {
  return <LegalPage document={termsOfService} />
}
