import { useState } from 'react'
import { Link, Outlet, useNavigate, useNavigation, useRouteLoaderData } from 'react-router'
import { AccessDenied, accessRefusal } from '~/components/admin/access-denied'
import { toast } from 'sonner'
import { AccountMenu } from '~/components/admin/account-menu'
import { AdminNav } from '~/components/admin/admin-nav'
import { NotificationsWarning } from '~/components/admin/notifications-warning'
import { useSessionRefresh } from '~/components/admin/use-session-refresh'
import { atLeast } from '~/lib/admin-access'
import { cn } from '~/lib/utils'
import { requireSignedIn } from '~/server/services/auth.server'
import { countUnreadInquiries } from '~/server/repositories/inquiries.server'
import { countNotificationProblems } from '~/server/repositories/outbox.server'
import type { Route } from './+types/layout'

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }]

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  // Signed in is enough for the shell; the screen inside checks its own address.
  const user = await requireSignedIn({ request, context, pattern })
  const answersLeads = atLeast(user.role, 'editor')
  return {
    email: user.email,
    role: user.role,
    siteName: context.config.siteName,
    unreadInquiries: answersLeads ? await countUnreadInquiries(context.db) : 0,
    notifications: answersLeads ? await countNotificationProblems(context.db) : null,
  }
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell shell={loaderData}>
      <Outlet />
    </AdminShell>
  )
}

/**
 * A screen the admin's role does not open, when that screen has no boundary of its own: the refusal
 * is shown inside the shell. Any other error goes on to the root's page.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = useRouteLoaderData<typeof loader>('routes/admin/layout')
  const refusal = accessRefusal(error)
  if (!refusal || !shell) throw error
  return (
    <AdminShell shell={shell}>
      <AccessDenied message={refusal} />
    </AdminShell>
  )
}

function AdminShell({ shell, children }: { shell: Route.ComponentProps['loaderData']; children: React.ReactNode }) {
  const navigation = useNavigation()
  const navigate = useNavigate()
  const [redirecting, setRedirecting] = useState(false)
  const loadingAdminPage = navigation.state === 'loading' && navigation.location.pathname.startsWith('/admin')

  useSessionRefresh(() => {
    setRedirecting(true)
    toast.error('Session expired. Please login again.')
    navigate('/admin/login')
  })

  return (
    <div className="min-h-dvh bg-navy-50">
      <header className="sticky top-0 z-30 border-b bg-white">
        <div className="flex h-16 items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/admin" className="flex items-center gap-2 font-bold focus-visible:outline-2 focus-visible:outline-ring">
            <img src="/brand/logo-mark.svg" alt="" width={28} height={28} />
            {shell.siteName} Admin
          </Link>
          <AccountMenu email={shell.email} />
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row">
        <AdminNav unreadInquiries={shell.unreadInquiries} role={shell.role} />
        <main className="min-w-0 flex-1">
          <p role="status" className={cn('mb-3 text-sm text-muted-foreground', !(loadingAdminPage || redirecting) && 'sr-only')}>
            {redirecting ? 'Redirecting to login...' : loadingAdminPage ? 'Loading admin panel...' : ''}
          </p>
          {shell.notifications && <NotificationsWarning {...shell.notifications} />}
          {children}
        </main>
      </div>
    </div>
  )
}
