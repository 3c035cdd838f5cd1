import { useEffect, useState } from 'react'
import { data, Form, useLocation, useNavigation, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { fieldErrors } from '~/lib/schemas'
import { pageTitle } from '~/lib/seo'
import {
  formText,
  passwordChangeSchema,
  passwordFieldNames,
  siteSettingsFieldNames,
  siteSettingsSchema,
  wrongCurrentPasswordMessage,
} from '~/lib/settings-schema'
import type { LoadContext } from '~/load-context'
import { endOtherSessions, requireUser } from '~/server/auth.server'
import { readForm } from '~/server/form-data.server'
import { getSiteSettings, saveSiteSettings, type SiteSettings } from '~/server/settings.server'
import { redirectWithToast, toastHeaders } from '~/server/toast.server'
import { changePassword, type User } from '~/server/users.server'
import type { Route } from './+types/settings'

type Tab = 'account' | 'site'
type FieldErrors = Record<string, string>
type SiteSettingsValues = Record<keyof SiteSettings, string>

/** Each tab's address: a form posted from a tab, with or without JavaScript, comes back to it. */
const tabHref: Record<Tab, string> = { account: '/admin/settings', site: '/admin/settings?tab=site' }

function tabOf(search: string): Tab {
  return new URLSearchParams(search).get('tab') === 'site' ? 'site' : 'account'
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Settings') }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  return { email: user.email, settings: await getSiteSettings(context.db, context.config) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context)
  const form = await readForm(request)
  const intent = form.get('intent')
  if (intent === 'password') return updatePassword(request, context, user, form)
  if (intent === 'site') return updateSiteSettings(context, form)
  const headers = await toastHeaders(context, { type: 'error', title: 'That action is not available in Settings' })
  return data({ form: null }, { status: 400, headers })
}

async function refused<T extends object>(context: LoadContext, result: T, title: string, status = 400) {
  return data(result, { status, headers: await toastHeaders(context, { type: 'error', title }) })
}

async function updatePassword(request: Request, context: LoadContext, user: User, form: FormData) {
  // Passwords never travel back to the page: a refused form comes back with its messages only.
  const refuse = (errors: FieldErrors, title: string, failure: string | null = null, status?: number) =>
    refused(context, { form: 'password' as const, errors, failure }, title, status)

  const parsed = passwordChangeSchema.safeParse(formText(form, passwordFieldNames))
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    return refuse(errors, Object.values(errors)[0]!)
  }
  try {
    const changed = await changePassword(context.db, user.id, parsed.data, (trx) => endOtherSessions(request, context, user.id, trx))
    if (!changed) return refuse({ currentPassword: wrongCurrentPasswordMessage }, wrongCurrentPasswordMessage)
  } catch (error) {
    console.error(`Changing the password of ${user.email} failed:`, error)
    return refuse({}, 'Failed to update password', 'Failed to update password', 500)
  }
  return redirectWithToast(context, tabHref.account, { type: 'success', title: 'Password updated successfully' })
}

async function updateSiteSettings(context: LoadContext, form: FormData) {
  const values: SiteSettingsValues = formText(form, siteSettingsFieldNames)
  const refuse = (errors: FieldErrors, title: string, failure: string | null = null, status?: number) =>
    refused(context, { form: 'site' as const, values, errors, failure }, title, status)

  const parsed = siteSettingsSchema.safeParse(values)
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    return refuse(errors, Object.values(errors)[0]!)
  }
  try {
    await saveSiteSettings(context.db, parsed.data)
  } catch (error) {
    console.error('Saving the site settings failed:', error)
    return refuse({}, 'Failed to save site settings', 'Failed to save site settings', 500)
  }
  return redirectWithToast(context, tabHref.site, { type: 'success', title: 'Site settings saved' })
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation()
  const navigation = useNavigation()
  const [, setSearchParams] = useSearchParams()
  // Show the tab being opened at once, before the navigation that records it in the URL completes.
  const pending = navigation.location?.pathname === location.pathname ? navigation.location : null
  const tab = tabOf((pending ?? location).search)

  function openTab(value: string) {
    setSearchParams(value === 'site' ? { tab: 'site' } : {}, { replace: true, preventScrollReset: true })
  }

  return (
    <>
      <h1 className="text-2xl font-bold">Settings</h1>
      <Tabs value={tab} onValueChange={openTab} className="mt-6">
        <TabsList className="justify-start">
          <TabLink tab="account">Account</TabLink>
          <TabLink tab="site">Site Settings</TabLink>
        </TabsList>
        <TabsContent value="account" className="mt-6">
          {/* A new key after each submission empties the password fields and stale messages. */}
          <AccountSettings key={location.key} email={loaderData.email} submitted={actionData?.form === 'password' ? actionData : undefined} />
        </TabsContent>
        <TabsContent value="site" className="mt-6">
          <SiteSettingsForm key={location.key} settings={loaderData.settings} submitted={actionData?.form === 'site' ? actionData : undefined} />
        </TabsContent>
      </Tabs>
    </>
  )
}

/**
 * A tab that is also a plain link, so the Site Settings tab opens without JavaScript too. With
 * JavaScript, Radix selects the tab (pointer or keyboard) and the link's own navigation is skipped.
 */
function TabLink({ tab, children }: { tab: Tab; children: React.ReactNode }) {
  return (
    <TabsTrigger value={tab} asChild>
      <a
        href={tabHref[tab]}
        onClick={(event) => {
          const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
          if (plainClick) event.preventDefault()
        }}
      >
        {children}
      </a>
    </TabsTrigger>
  )
}

/** Checks a form with its schema before sending it; on a problem, shows it and focuses the field. */
function useClientCheck(check: (form: HTMLFormElement) => FieldErrors | null) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  function checkBeforeSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget
    const found = check(form)
    setClientErrors(found)
    if (!found) return
    event.preventDefault()
    const [firstField, firstMessage] = Object.entries(found)[0]!
    toast.error(firstMessage)
    ;(form.elements.namedItem(firstField) as HTMLElement | null)?.focus()
  }
  return { clientErrors, checkBeforeSubmit }
}

function useSubmitting(intent: string): boolean {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
}

function AccountSettings({ email, submitted }: { email: string; submitted?: { errors: FieldErrors; failure: string | null } }) {
  const updating = useSubmitting('password')
  const { clientErrors, checkBeforeSubmit } = useClientCheck((form) => {
    const parsed = passwordChangeSchema.safeParse(formText(new FormData(form), passwordFieldNames))
    return parsed.success ? null : fieldErrors(parsed.error)
  })
  const errors = clientErrors ?? submitted?.errors ?? {}

  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>
          Signed in as{' '}
          <span className="font-medium text-foreground" data-testid="account-email">
            {email}
          </span>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <h3 className="font-semibold">Change password</h3>
        <p className="mt-1 text-sm text-muted-foreground">
          Use at least 8 characters. Changing it signs you out on every other device.
        </p>
        <Form method="post" action={tabHref.account} noValidate onSubmit={checkBeforeSubmit} className="mt-5 grid gap-5">
          <input type="hidden" name="intent" value="password" />
          {/* Tells password managers which account the new password belongs to. */}
          <input type="email" autoComplete="username" value={email} readOnly hidden />
          {submitted?.failure && <Alert variant="destructive">{submitted.failure}. Please try again.</Alert>}
          <FormField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={errors.currentPassword}
          />
          <FormField label="New password" name="newPassword" type="password" autoComplete="new-password" required error={errors.newPassword} />
          <FormField
            label="Confirm new password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword}
          />
          <div>
            <Button type="submit" disabled={updating}>
              {updating ? 'Updating...' : 'Update Password'}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  )
}

function SiteSettingsForm({
  settings,
  submitted,
}: {
  settings: SiteSettings
  submitted?: { values: SiteSettingsValues; errors: FieldErrors; failure: string | null }
}) {
  const saving = useSubmitting('site')
  const { clientErrors, checkBeforeSubmit } = useClientCheck((form) => {
    const parsed = siteSettingsSchema.safeParse(formText(new FormData(form), siteSettingsFieldNames))
    return parsed.success ? null : fieldErrors(parsed.error)
  })
  const errors = clientErrors ?? submitted?.errors ?? {}
  const values = submitted?.values ?? settings
  const field = (name: keyof SiteSettings) => ({ name, defaultValue: values[name], error: errors[name], required: true, autoComplete: 'off' })

  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>Site Settings</CardTitle>
        <CardDescription>The contact details shown on every public page. Changes appear as soon as you save.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action={tabHref.site} noValidate onSubmit={checkBeforeSubmit} className="grid gap-5">
          <input type="hidden" name="intent" value="site" />
          {submitted?.failure && <Alert variant="destructive">{submitted.failure}. Please try again.</Alert>}
          <FormField label="Contact email" type="email" placeholder="hello@example.com" {...field('contactEmail')} />
          <FormField label="Partners email" type="email" placeholder="partners@example.com" {...field('partnersEmail')} />
          <FormField label="Booking URL" type="url" placeholder="https://cal.com/your-team/strategy-session" {...field('bookingUrl')} />
          <FormField label="LinkedIn URL" type="url" placeholder="https://www.linkedin.com/company/your-company" {...field('linkedinUrl')} />
          <FormField label="Twitter URL" type="url" placeholder="https://x.com/your-company" {...field('twitterUrl')} />
          <div>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save Settings'}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(() => {
    console.error('Error loading settings:', error)
    toast.error('Error loading settings')
  }, [error])
  return (
    <Alert variant="destructive">
      <p className="font-semibold">Error loading settings</p>
      <p className="mt-1">Please reload the page in a moment.</p>
    </Alert>
  )
}
