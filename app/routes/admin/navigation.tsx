import { useEffect } from 'react'
import { data } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { FieldsDocumentForm } from '~/components/admin/fields-document-form'
import { useErrorToasts } from '~/components/admin/use-error-toasts'
import { NAVIGATION_FIELDS, navigationSchema } from '~/lib/navigation'
import { readForm } from '~/server/http/form-data.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { requireUser } from '~/server/services/auth.server'
import { readNavigation, saveNavigation } from '~/server/services/navigation.server'
import type { Route } from './+types/navigation'

export const meta = screenMeta('Navigation')

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  return readNavigation(context.db)
}

export async function action({ request, context, pattern }: Route.ActionArgs) {
  const user = await requireUser({ request, context, pattern })
  const form = await readForm(request)
  let sent: unknown
  try {
    sent = JSON.parse(String(form.get('data') ?? ''))
  } catch {
    return data({ errors: {}, toast: 'The menus could not be read. Reload the page and try again.' }, { status: 400 })
  }
  const result = await saveNavigation(context, user, { version: String(form.get('version') ?? ''), data: sent })
  if ('errors' in result)
    return data({ errors: result.errors, toast: 'The menus were not saved: check the fields marked below.' }, { status: 400 })
  if (result.outcome === 'stale')
    return data({ errors: {}, toast: 'Someone else changed the menus since you opened them. Reload to see their change.' }, { status: 409 })
  return redirectWithToast(context, '/admin/navigation', { type: 'success', title: 'Navigation saved' })
}

export default function Navigation({ loaderData: { navigation, version }, actionData }: Route.ComponentProps) {
  const toasts = useErrorToasts()
  const refusal = actionData?.toast
  useEffect(() => {
    if (refusal) toasts.show(refusal)
  }, [actionData, refusal, toasts])
  return (
    <>
      <h1 className="text-2xl font-bold">Navigation</h1>
      <p className="mt-2 max-w-2xl text-sm text-muted-foreground">
        The header’s menus and the footer’s link columns. A column can list the services or the industries from Collections, so a renamed
        service is renamed here too.
      </p>
      <FieldsDocumentForm
        key={version}
        fields={NAVIGATION_FIELDS}
        schema={navigationSchema}
        initial={navigation}
        version={version}
        serverErrors={actionData?.errors}
        title="Menus and footer"
        submitLabel="Save Navigation"
      />
    </>
  )
}

export const ErrorBoundary = adminErrorBoundary('Failed to load the navigation')
