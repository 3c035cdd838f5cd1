import { LegalPage } from '~/components/site/legal-page'
import { privacyPolicy } from '~/content/legal'
import { seo } from '~/lib/seo'
import type { Route } from './+types/privacy'

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: 'Privacy Policy', description: 'What this website collects, why, and the choices you have.', path: '/privacy' })

export default function Privacy() {
  return <LegalPage document={privacyPolicy} />
}
