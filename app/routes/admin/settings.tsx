import { Form, Link, useLocation, useNavigation, useSearchParams } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { SessionsCard } from '~/components/admin/sessions-card'
import { TwoFactorCard, TwoFactorPolicyCard, type TwoFactorPolicyValues } from '~/components/admin/two-factor-card'
import { type Submitted, useEditorForm } from '~/components/admin/use-editor-form'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, FormField } from '~/components/ui/form-field'
import { NativeSelect } from '~/components/admin/native-select'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { atLeast } from '~/lib/admin-access'
import { adminSection } from '~/lib/admin-sections'
import { timeZoneChoices, timeZoneLabel } from '~/lib/dates'
import { formText } from '~/lib/form-text'
import { fieldErrors } from '~/lib/schemas'
import {
  passwordChangeSchema,
  passwordFieldNames,
  siteSettingsFieldNames,
  siteSettingsSchema,
  wrongCurrentPasswordMessage,
} from '~/lib/settings-schema'
import type { LoadContext } from '~/server/services/load-context.server'
import { changeOwnPassword, forbidden, listSessions, requireUser, tooManyPasswordGuessesMessage } from '~/server/services/auth.server'
import { checkForm, refuse, refuseMissedWrite } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import {
  type EditableSettings,
  getSiteSettingsToEdit,
  isTwoFactorRequired,
  saveSiteSettings,
  setTwoFactorRequired,
} from '~/server/repositories/settings.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { hasTwoFactor, twoFactorStatus } from '~/server/services/two-factor.server'
import type { User } from '~/server/services/users.server'
import type { Route } from './+types/settings'
import { logger } from '~/server/log.server'

type Tab = 'account' | 'site'
type SiteSettingsValues = Record<keyof EditableSettings, string>

/** Each tab's address: a form posted from a tab, with or without JavaScript, comes back to it. */
const tabHref: Record<Tab, string> = { account: '/admin/settings', site: '/admin/settings?tab=site' }

function tabOf(search: string): Tab {
  return new URLSearchParams(search).get('tab') === 'site' ? 'site' : 'account'
}

export const meta = screenMeta('Settings')

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, pattern })
  const twoFactor = await twoFactorStatus(context.db, user, context.config.siteName)
  // The Site Settings tab is the owners': no one else is sent its values (the webhook is a secret).
  const site = atLeast(user.role, 'owner') ? await getSiteSettingsToEdit(context.db, context.config) : null
  // The server's list of zones, so the select and the check that follows agree on what exists.
  return {
    email: user.email,
    twoFactor,
    site: site && { ...site, twoFactorRequired: twoFactor.required, timeZones: timeZoneChoices() },
    sessions: await listSessions(request, context, user.id),
  }
}

export async function action({ request, context, pattern }: Route.ActionArgs) {
  const user = await requireUser({ request, context, pattern })
  const form = await readForm(request)
  const intent = form.get('intent')
  if (intent === 'password') return updatePassword(request, context, user, form)
  if ((intent === 'site' || intent === 'two-factor-policy') && !atLeast(user.role, 'owner')) throw forbidden(user)
  if (intent === 'site') return updateSiteSettings(context, user, form)
  if (intent === 'two-factor-policy') return updateTwoFactorPolicy(context, user, form)
  return refuse({}, {}, { toast: 'That action is not available in Settings' })
}

async function updatePassword(request: Request, context: LoadContext, user: User, form: FormData) {
  // Passwords never travel back to the page: a refused form comes back with its messages only.
  const parsed = passwordChangeSchema.safeParse(formText(form, passwordFieldNames))
  if (!parsed.success) return refuse({}, fieldErrors(parsed.error))
  try {
    const outcome = await changeOwnPassword(request, context, user, parsed.data)
    if (outcome === 'wrong-password') return refuse({}, { currentPassword: wrongCurrentPasswordMessage })
    if (outcome === 'rate-limited') return refuse({}, { currentPassword: tooManyPasswordGuessesMessage }, { status: 429 })
  } catch (error) {
    logger.error({ err: error }, `Changing the password of ${user.email} failed`)
    return refuse({}, {}, { failure: 'Failed to update password. Please try again.', toast: 'Failed to update password', status: 500 })
  }
  return redirectWithToast(context, tabHref.account, { type: 'success', title: 'Password updated successfully' })
}

async function updateSiteSettings(context: LoadContext, user: User, form: FormData) {
  const values: SiteSettingsValues = formText(form, siteSettingsFieldNames)
  const checked = checkForm(siteSettingsSchema, values)
  if (!checked.ok) return checked.refusal
  const version = form.get('version')
  let outcome
  try {
    outcome = await saveSiteSettings(context.db, checked.input, typeof version === 'string' ? version : null, user.email)
  } catch (error) {
    logger.error({ err: error }, 'Saving the site settings failed')
    return refuse(
      values,
      {},
      { failure: 'Failed to save site settings. Please try again.', toast: 'Failed to save site settings', status: 500 },
    )
  }
  if (outcome === 'stale') return refuseMissedWrite(values, outcome, 'set of site settings')
  context.contentChanged('site-settings')
  return redirectWithToast(context, tabHref.site, { type: 'success', title: 'Site settings saved' })
}

/**
 * Requires two-factor sign-in of every admin, or stops. An owner turns it on for themselves first,
 * so whoever requires it knows what they ask of the others.
 */
async function updateTwoFactorPolicy(context: LoadContext, user: User, form: FormData) {
  const values: TwoFactorPolicyValues = { intent: 'two-factor-policy', requireTwoFactor: form.has('requireTwoFactor') }
  if (values.requireTwoFactor && !(await hasTwoFactor(context.db, user.id))) {
    return refuse(values, { requireTwoFactor: 'Turn on two-factor sign-in for your own account first, on the Account tab.' })
  }
  const was = await isTwoFactorRequired(context.db)
  await setTwoFactorRequired(context.db, values.requireTwoFactor, user.email)
  const title =
    values.requireTwoFactor === was
      ? 'Two-factor sign-in setting saved'
      : values.requireTwoFactor
        ? 'Two-factor sign-in is now required for every admin'
        : 'Two-factor sign-in is no longer required'
  return redirectWithToast(context, tabHref.site, { type: 'success', title })
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation()
  const navigation = useNavigation()
  const [, setSearchParams] = useSearchParams()
  // Show the tab being opened at once, before the navigation that records it in the URL completes.
  const pending = navigation.location?.pathname === location.pathname ? navigation.location : null
  const { site } = loaderData
  const tab = site ? tabOf((pending ?? location).search) : 'account'
  // A refusal belongs to the form that was sent, which posts to its own tab's address; the tab being
  // opened must not show it again. It is handed over once the submission has settled and the forms
  // have remounted for it, so its toast shows once.
  const answered = navigation.state === 'idle' ? tabOf(location.search) : null
  const siteAnswer = answered === 'site' ? actionData : undefined
  const policyAnswer = siteAnswer && isPolicyAnswer(siteAnswer) ? siteAnswer : undefined

  function openTab(value: string) {
    setSearchParams(value === 'site' ? { tab: 'site' } : {}, { replace: true, preventScrollReset: true })
  }

  return (
    <>
      <h1 className="text-2xl font-bold">Settings</h1>
      <Tabs value={tab} onValueChange={openTab} className="mt-6">
        <TabsList className="justify-start">
          <TabLink tab="account">Account</TabLink>
          {site && <TabLink tab="site">Site Settings</TabLink>}
        </TabsList>
        <TabsContent value="account" className="mt-6">
          {/* A new key after each submission empties the password fields and stale messages. */}
          <div className="grid gap-6">
            <AccountSettings key={location.key} email={loaderData.email} submitted={answered === 'account' ? actionData : undefined} />
            <TwoFactorCard key={`two-factor-${location.key}`} status={loaderData.twoFactor} />
            <SessionsCard sessions={loaderData.sessions} />
          </div>
        </TabsContent>
        {site && (
          <TabsContent value="site" className="mt-6">
            <SiteSettingsForm
              key={location.key}
              settings={site.settings}
              version={site.version}
              timeZones={site.timeZones}
              submitted={policyAnswer ? undefined : siteAnswer}
            />
            <TwoFactorPolicyCard key={`two-factor-policy-${location.key}`} required={site.twoFactorRequired} submitted={policyAnswer} />
            <SearchAndSharingLink />
          </TabsContent>
        )}
      </Tabs>
    </>
  )
}

/** The owners' two-factor switch answers on the Site Settings tab too; its refusal is its own. */
function isPolicyAnswer(answer: Submitted<object>): answer is Submitted<TwoFactorPolicyValues> {
  return 'intent' in answer.values && answer.values.intent === 'two-factor-policy'
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

function useSubmitting(intent: string): boolean {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
}

function AccountSettings({ email, submitted }: { email: string; submitted?: Submitted<unknown> }) {
  const updating = useSubmitting('password')
  const { errors, formProps } = useEditorForm((form) => passwordChangeSchema.safeParse(formText(form, passwordFieldNames)), submitted)

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
        <p className="mt-1 text-sm text-muted-foreground">Use at least 8 characters. Changing it signs you out on every other device.</p>
        <Form method="post" action={tabHref.account} {...formProps} className="mt-5 grid gap-5">
          <input type="hidden" name="intent" value="password" />
          {/* Tells password managers which account the new password belongs to. */}
          <input type="email" autoComplete="username" value={email} readOnly hidden />
          {submitted?.failure && (
            <Alert variant="destructive" role="alert">
              {submitted.failure}
            </Alert>
          )}
          <FormField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={errors.currentPassword}
          />
          <FormField
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            error={errors.newPassword}
          />
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

/** The site settings as loaded, or as typed when the save was refused, over the version they were loaded at. */
function SiteSettingsForm({
  settings,
  version,
  timeZones,
  submitted,
}: {
  settings: EditableSettings
  version: string
  timeZones: string[]
  submitted?: Submitted<Partial<SiteSettingsValues>>
}) {
  const saving = useSubmitting('site')
  const { errors, formProps } = useEditorForm((form) => siteSettingsSchema.safeParse(formText(form, siteSettingsFieldNames)), submitted)
  const values = { ...settings, ...submitted?.values }
  const field = (name: keyof EditableSettings, required = true) => ({
    name,
    defaultValue: values[name],
    error: errors[name],
    required,
    autoComplete: 'off',
  })

  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>Site Settings</CardTitle>
        <CardDescription>
          The contact details shown on every public page, the time zone of every date, and where new leads are announced. Changes apply as
          soon as you save.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action={tabHref.site} {...formProps} className="grid gap-5">
          <input type="hidden" name="intent" value="site" />
          {/* '' (nothing stored yet) is a version too: a save made meanwhile still makes this one stale. */}
          <input type="hidden" name="version" value={version} />
          {submitted?.failure && (
            <Alert variant="destructive" role="alert">
              {submitted.failure}
            </Alert>
          )}
          <FormField label="Contact email" type="email" placeholder="hello@example.com" {...field('contactEmail')} />
          <FormField
            label="Phone number"
            type="tel"
            placeholder="(504) 555-0142"
            optional
            hint="Shown in the header, in the footer and on Contact, where a tap on a phone calls it. Leave empty to show no number."
            {...field('phone', false)}
          />
          <FormField label="Partners email" type="email" placeholder="partners@example.com" {...field('partnersEmail')} />
          <FormField label="Booking URL" type="url" placeholder="https://cal.com/your-team/strategy-session" {...field('bookingUrl')} />
          <FormField
            label="LinkedIn URL"
            type="url"
            placeholder="https://www.linkedin.com/company/your-company"
            {...field('linkedinUrl')}
          />
          <FormField label="Twitter URL" type="url" placeholder="https://x.com/your-company" {...field('twitterUrl')} />
          <Field
            label="Time zone"
            name="timeZone"
            error={errors.timeZone}
            hint="Every date and time on the site and in the back office is shown in this zone, and the post editor's publish times are typed in it. Scheduled posts keep their moment when it changes."
          >
            {(control) => (
              <NativeSelect {...control} defaultValue={values.timeZone} required>
                {/* A refused value that is not on the list still shows, next to its message. */}
                {(timeZones.includes(values.timeZone) ? timeZones : [values.timeZone, ...timeZones]).map((zone) => (
                  <option key={zone} value={zone}>
                    {timeZoneLabel(zone)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <FormField
            label="Lead webhook URL"
            type="url"
            placeholder="https://hooks.slack.com/services/…"
            optional
            hint="Every new lead is also sent here as JSON: paste a Slack or Microsoft Teams incoming webhook, or a Zapier catch hook. Leave empty to turn it off."
            {...field('webhookUrl', false)}
          />
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

/** The way to each marketing page's search and share fields, which live on screens of their own. */
function SearchAndSharingLink() {
  return (
    <Card className="mt-6 max-w-2xl">
      <CardHeader>
        <CardTitle>Search and Sharing</CardTitle>
        <CardDescription>
          The title, description and image each marketing page shows in search results and social shares, and whether search engines may
          list it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to={adminSection('search-and-sharing').path}>Edit search and sharing</Link>
        </Button>
      </CardContent>
    </Card>
  )
}

export const ErrorBoundary = adminErrorBoundary('Error loading settings')
