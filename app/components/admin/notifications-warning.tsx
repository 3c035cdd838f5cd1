import { Link, useLocation } from 'react-router'
import { Alert } from '~/components/ui/alert'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * The admin shell's warning that the owner may not be hearing about new leads: notifications given
 * up on, or still failing. Not shown on the Notifications screen, which lists them.
 */
export function NotificationsWarning({ failing, failed }: { failing: number; failed: number }) {
  const { pathname } = useLocation()
  if ((failing === 0 && failed === 0) || pathname === '/admin/notifications') return null
  return (
    <Alert variant={failed > 0 ? 'destructive' : 'default'} role="status" data-testid="notifications-warning" className="mb-4">
      {failed > 0
        ? `${plural(failed, 'notification about a new lead', 'notifications about new leads')} could not be delivered.`
        : `${plural(failing, 'notification about a new lead is', 'notifications about new leads are')} failing and being retried.`}{' '}
      <Link to="/admin/notifications" className="font-semibold underline underline-offset-4">
        Review notifications
      </Link>
    </Alert>
  )
}
