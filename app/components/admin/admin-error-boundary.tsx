import { useEffect } from 'react'
import { toast } from 'sonner'
import { AccessDenied, accessRefusal } from '~/components/admin/access-denied'
import { Alert } from '~/components/ui/alert'

/** What every admin screen shows when its data cannot be loaded: the failure, in a toast and in place. */
export function AdminErrorBoundary({ error, failure }: { error: unknown; failure: string }) {
  const refusal = accessRefusal(error)
  useEffect(() => {
    if (refusal) return
    console.error(`${failure}:`, error)
    toast.error(failure)
  }, [error, failure, refusal])
  if (refusal) return <AccessDenied message={refusal} />
  return (
    <Alert variant="destructive">
      <p className="font-semibold">{failure}</p>
      <p className="mt-1">Please reload the page in a moment.</p>
    </Alert>
  )
}

/** A route's ErrorBoundary that names what failed to load. */
export function adminErrorBoundary(failure: string) {
  return function ErrorBoundary({ error }: { error: unknown }) {
    return <AdminErrorBoundary error={error} failure={failure} />
  }
}
