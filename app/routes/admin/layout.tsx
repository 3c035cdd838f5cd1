import { useState } from 'react'
import { Link, Outlet, useNavigate, useNavigation } from 'react-router'
import { toast } from 'sonner'
import { AccountMenu } from '~/components/admin/account-menu'
import { AdminNav } from '~/components/admin/admin-nav'
import { NotificationsWarning } from '~/components/admin/notifications-warning'
import { useSessionRefresh } from '~/components/admin/use-session-refresh'
import { cn } from '~/lib/utils'
import { requireUser } from '~/server/services/auth.server'
import { countUnreadInquiries } from '~/server/repositories/inquiries.server'
import { countNotificationProblems } from '~/server/repositories/outbox.server'
import type { Route } from './+types/layout'

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  return {
    email: user.email,
    siteName: context.config.siteName,
    unreadInquiries: await countUnreadInquiries(context.db),
    notifications: await countNotificationProblems(context.db),
  }
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
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
            {loaderData.siteName} Admin
          </Link>
          <AccountMenu email={loaderData.email} />
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row">
        <AdminNav unreadInquiries={loaderData.unreadInquiries} />
        <main className="min-w-0 flex-1">
          <p role="status" className={cn('mb-3 text-sm text-muted-foreground', !(loadingAdminPage || redirecting) && 'sr-only')}>
            {redirecting ? 'Redirecting to login...' : loadingAdminPage ? 'Loading admin panel...' : ''}
          </p>
          <NotificationsWarning {...loaderData.notifications} />
          <Outlet />
        </main>
      </div>
    </div>
  )
}
