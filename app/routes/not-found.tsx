import { loggedUrl } from '~/server/http/canonical-path.server'
import { data } from 'react-router'
import { NotFound } from '~/components/site/not-found'
import type { Route } from './+types/not-found'

export function loader({ request }: Route.LoaderArgs) {
  console.warn(`404 ${loggedUrl(new URL(request.url).pathname)}`)
  return data(null, { status: 404 })
}

export const meta: Route.MetaFunction = () => [{ title: '404: Page not found' }, { name: 'robots', content: 'noindex' }]

export default function NotFoundRoute() {
  return <NotFound />
}
