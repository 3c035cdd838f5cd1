import { Link } from 'react-router'
import { adminSections } from '~/components/admin/nav'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { pageTitle } from '~/lib/seo'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Admin') }]

export default function Dashboard() {
  return (
    <>
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {adminSections.map(({ label, to, description, icon: Icon }) => (
          <Card key={to}>
            <CardHeader>
              <Icon className="size-6 text-primary" aria-hidden />
              <CardTitle>{label}</CardTitle>
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
