import { Link } from 'react-router'
import { screenMeta } from '~/components/admin/admin-screen'
import { adminSections } from '~/components/admin/nav'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { requireUser } from '~/server/services/auth.server'
import { countUnreadInquiries } from '~/server/repositories/inquiries.server'
import type { Route } from './+types/dashboard'

export const meta = screenMeta('Admin')

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  return { unreadInquiries: await countUnreadInquiries(context.db) }
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {adminSections.map(({ label, to, description, icon: Icon, countsUnread }) => (
          <Card key={to}>
            <CardHeader>
              <Icon className="size-6 text-primary" aria-hidden />
              <div className="flex flex-wrap items-center gap-2">
                <CardTitle>{label}</CardTitle>
                {countsUnread && (
                  <Badge data-testid="dashboard-unread" variant={loaderData.unreadInquiries > 0 ? 'default' : 'muted'}>
                    {loaderData.unreadInquiries} unread
                  </Badge>
                )}
              </div>
              <CardDescription>{description}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="secondary" aria-label={`Manage ${label}`}>
                <Link to={to}>Manage</Link>
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>
    </>
  )
}
