import { data, Form, Link, useNavigation } from 'react-router'
import { SignInCard } from '~/components/admin/sign-in-card'
import { type Submitted, useEditorForm } from '~/components/admin/use-editor-form'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { FormField } from '~/components/ui/form-field'
import { formText } from '~/lib/form-text'
import { fieldErrors } from '~/lib/schemas'
import { pageTitle } from '~/lib/seo'
import { newPasswordFieldNames, passwordResetSchema } from '~/lib/settings-schema'
import { refuse } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { completePasswordReset, findResetLink, RESET_LINK_MINUTES } from '~/server/services/password-reset.server'
import type { Route } from './+types/reset-password'
import { logger } from '~/server/log.server'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, 'Choose a New Password') },
  { name: 'robots', content: 'noindex' },
  // The link's token is in this page's address: no other site may be told it. server.ts sends the
  // same policy as a header (why not 'no-referrer' is explained there); this covers `npm run dev`.
  { name: 'referrer', content: 'strict-origin' },
]

/** The form while the link works; otherwise 410 and the page says why, whatever the token was. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = await findResetLink(context.db, params.token)
  return data({ email: admin?.email ?? null, minutes: RESET_LINK_MINUTES }, { status: admin ? 200 : 410 })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request)
  // Passwords never travel back to the page: a refused form comes back with its messages only.
  const parsed = passwordResetSchema.safeParse(formText(form, newPasswordFieldNames))
  if (!parsed.success) return refuse({}, fieldErrors(parsed.error))
  let outcome
  try {
    outcome = await completePasswordReset(context.db, params.token, parsed.data.newPassword)
  } catch (error) {
    logger.error({ err: error }, 'Resetting a password through a link failed')
    return refuse(
      {},
      {},
      { failure: 'Your password could not be reset. Please try again.', toast: 'Failed to reset password', status: 500 },
    )
  }
  if (outcome === 'expired') return data({ expired: true as const }, { status: 410 })
  // No session starts here: signing in may ask for more than a password.
  return redirectWithToast(context, '/admin/login', { type: 'success', title: 'Password reset. Sign in with your new password.' })
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  // A refused reset does not reload the page's data, so the action's own answer counts too.
  const expired = loaderData.email === null || (actionData !== undefined && 'expired' in actionData)
  if (expired) {
    return (
      <SignInCard title="This link no longer works">
        <p role="alert" className="text-sm leading-relaxed">
          This reset link has expired or was already used. A link works for {loaderData.minutes} minutes, once.
        </p>
        <Button asChild className="mt-6 w-full">
          <Link to="/admin/forgot-password">Request a New Link</Link>
        </Button>
        <p className="mt-6 text-sm">
          <Link to="/admin/login" className="font-medium text-primary underline underline-offset-4">
            Back to sign in
          </Link>
        </p>
      </SignInCard>
    )
  }
  return <NewPasswordForm email={loaderData.email!} submitted={actionData && 'errors' in actionData ? actionData : undefined} />
}

function NewPasswordForm({ email, submitted }: { email: string; submitted?: Submitted<unknown> }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const { errors, formProps } = useEditorForm((form) => passwordResetSchema.safeParse(formText(form, newPasswordFieldNames)), submitted)

  return (
    <SignInCard title="Choose a new password" description={<>For {email}. Setting it signs you out on every device.</>}>
      <Form method="post" {...formProps} className="grid gap-4">
        {/* Tells password managers which account the new password belongs to. */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        {submitted?.failure && <Alert variant="destructive">{submitted.failure}</Alert>}
        <FormField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
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
        <Button type="submit" disabled={busy} className="mt-2 w-full">
          {busy ? 'Saving...' : 'Set New Password'}
        </Button>
      </Form>
    </SignInCard>
  )
}
