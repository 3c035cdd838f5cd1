import { ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { ListHeader } from '~/components/admin/record-list'
import { COLLECTIONS, COLLECTION_NAMES } from '~/lib/collections'
import { listItems } from '~/server/repositories/collection-items.server'
import { requireUser } from '~/server/services/auth.server'
import type { Route } from './+types/collections'

export const meta = screenMeta('Collections')

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  const counts = await Promise.all(COLLECTION_NAMES.map(async (name) => [name, (await listItems(context.db, name)).length] as const))
  return { counts: Object.fromEntries(counts) as Record<(typeof COLLECTION_NAMES)[number], number> }
}

export default function Collections({ loaderData: { counts } }: Route.ComponentProps) {
  return (
    <>
      <ListHeader title="Collections" />
      <p className="mt-2 max-w-2xl text-sm text-muted-foreground">
        Each thing here is edited once and shown wherever the site lists it: rename a service and every page and menu that lists the
        services says the new name.
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {COLLECTION_NAMES.map((name) => (
          <li key={name}>
            <Link
              to={`/admin/collections/${name}`}
              className="group flex h-full items-start justify-between gap-4 rounded-xl border bg-card p-5 shadow-xs outline-none hover:border-primary/40 focus-visible:ring-3 focus-visible:ring-ring/50"
            >
              <span>
                <span className="block font-semibold">{COLLECTIONS[name].label}</span>
                <span className="mt-1 block text-sm text-muted-foreground">{COLLECTIONS[name].description}</span>
                <span className="mt-3 block text-sm font-medium">
                  {counts[name]} {counts[name] === 1 ? COLLECTIONS[name].item : `${COLLECTIONS[name].item}s`}
                </span>
              </span>
              <ChevronRight aria-hidden className="mt-1 size-5 shrink-0 text-muted-foreground group-hover:text-primary" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}

export const ErrorBoundary = adminErrorBoundary('Failed to load the collections')
