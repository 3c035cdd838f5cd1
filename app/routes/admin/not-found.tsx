import { loggedUrl } from '~/server/http/canonical-path.server'
import { data, Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { requireUser } from '~/server/services/auth.server'
import type { Route } from './+types/not-found'
import { logger } from '~/server/log.server'

// An address in an area the role may not open is refused as the area itself would be.
export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  logger.warn(`404 ${loggedUrl(new URL(request.url).pathname)}`)
  return data(null, { status: 404 })
}

export default function AdminNotFound() {
  return (
    <Card>
      <CardContent className="text-center">
        <p className="text-4xl font-extrabold text-primary">404</p>
        <h1 className="mt-2 text-xl font-semibold">Oops! Page not found</h1>
        <p className="mt-2 text-sm text-muted-foreground">This part of the back office does not exist.</p>
        <Button asChild variant="secondary" className="mt-6">
          <Link to="/admin">Back to the dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  )
}
