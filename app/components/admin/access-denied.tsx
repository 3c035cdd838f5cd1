import { isRouteErrorResponse, Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'

/** The server's 403 for a role that does not reach a screen (auth.server.ts `forbidden`), or null. */
export function accessRefusal(error: unknown): string | null {
  return isRouteErrorResponse(error) && error.status === 403 ? String(error.data) : null
}

/** Shown in place of a screen the signed-in admin's role does not open. */
export function AccessDenied({ message }: { message: string }) {
  return (
    <Card>
      <CardContent className="text-center">
        <p className="text-4xl font-extrabold text-primary">403</p>
        <h1 className="mt-2 text-xl font-semibold">Not available to you</h1>
        <p className="mt-2 text-sm text-muted-foreground">{message}</p>
        <Button asChild variant="secondary" className="mt-6">
          <Link to="/admin">Back to the dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  )
}
