import { useState } from 'react'
import { Form, Link, NavLink, Outlet, useNavigate, useNavigation } from 'react-router'
import { toast } from 'sonner'
import { adminSections } from '~/components/admin/nav'
import { useSessionRefresh } from '~/components/admin/use-session-refresh'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/utils'
import { requireUser } from '~/server/auth.server'
import { countUnreadInquiries } from '~/server/inquiries.server'
import type { Route } from './+types/layout'

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  return { email: user.email, siteName: context.config.siteName, unreadInquiries: await countUnreadInquiries(context.db) }
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
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-muted-foreground sm:inline" data-testid="admin-email">
              {loaderData.email}
            </span>
            <Form method="post" action="/admin/logout">
              <Button type="submit" variant="outline" size="sm">
                Sign Out
              </Button>
            </Form>
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row">
        <nav aria-label="Admin" className="lg:w-56 lg:shrink-0">
          <ul className="flex gap-1 overflow-x-auto lg:flex-col">
            {adminSections.map(({ label, to, icon: Icon, countsUnread }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap outline-none hover:bg-white focus-visible:ring-3 focus-visible:ring-ring/50',
                      isActive && 'bg-white text-primary shadow-sm',
                    )
                  }
                >
                  <Icon className="size-4" aria-hidden />
                  {label}
                  {countsUnread && <UnreadCount count={loaderData.unreadInquiries} />}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="min-w-0 flex-1">
          <p role="status" className={cn('mb-3 text-sm text-muted-foreground', !(loadingAdminPage || redirecting) && 'sr-only')}>
            {redirecting ? 'Redirecting to login...' : loadingAdminPage ? 'Loading admin panel...' : ''}
          </p>
          <Outlet />
        </main>
      </div>
    </div>
  )
}

function UnreadCount({ count }: { count: number }) {
  if (count === 0) return null
  // `relative` keeps the screen-reader text inside the phone's scrolling link bar, not past the page edge.
  return (
    <span data-testid="unread-count" className="relative ml-auto rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
      {count}
      <span className="sr-only"> unread</span>
    </span>
  )
}
