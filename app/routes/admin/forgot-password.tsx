import { data, Form, Link, useNavigation } from 'react-router'
import { SignInCard } from '~/components/admin/sign-in-card'
import { type Submitted, useEditorForm } from '~/components/admin/use-editor-form'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { FormField } from '~/components/ui/form-field'
import { formText } from '~/lib/form-text'
import { fieldErrors, forgotPasswordSchema } from '~/lib/schemas'
import { pageTitle } from '~/lib/seo'
import { refuse } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import {
  RESET_LINK_MINUTES,
  requestPasswordReset,
  resetByEmailAvailable,
  tooManyResetRequestsMessage,
} from '~/server/services/password-reset.server'
import type { Route } from './+types/forgot-password'
import { logger } from '~/server/log.server'

const fields = ['email'] as const

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, 'Forgot Password') },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ context }: Route.LoaderArgs) {
  return { siteName: context.config.siteName, available: resetByEmailAvailable(context.config), minutes: RESET_LINK_MINUTES }
}

/**
 * One answer for every well-formed email, an admin's or not (the service sends the link after it),
 * so this page cannot be used to find out who has an account. Only the rate limit is told, and it
 * applies to any email alike.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  // Without a mail server the page offers no form: a request sent anyway finds nothing here.
  if (!resetByEmailAvailable(context.config)) return data({ unavailable: true as const }, { status: 404 })
  const values = formText(form, fields)
  const parsed = forgotPasswordSchema.safeParse(values)
  if (!parsed.success) return refuse(values, fieldErrors(parsed.error))
  try {
    const outcome = await requestPasswordReset(context.db, context.config, { email: parsed.data.email, ip: context.clientAddress })
    if (outcome === 'rate-limited') return refuse(values, {}, { failure: tooManyResetRequestsMessage, status: 429 })
  } catch (error) {
    logger.error({ err: error }, 'A password reset request failed')
    return refuse(values, {}, { failure: 'Your request could not be sent. Please try again in a few minutes.', status: 500 })
  }
  return { sent: true as const }
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.available) {
    return (
      <SignInCard title="Forgot your password?" description="Reset by e-mail is not available on this site.">
        <p className="text-sm leading-relaxed">
          Ask the site owner to reset your password for you. Once they have, you can sign in with the new one.
        </p>
        <BackToSignIn />
      </SignInCard>
    )
  }
  if (actionData && 'sent' in actionData) {
    return (
      <SignInCard title="Check your e-mail">
        <p role="status" className="text-sm leading-relaxed">
          If that e-mail belongs to an admin, a link to reset the password is on its way. It works for {loaderData.minutes} minutes.
        </p>
        <p className="mt-3 text-sm leading-relaxed text-muted-foreground">
          Nothing after a few minutes? Check your spam folder, or ask the site owner to reset your password for you.
        </p>
        <BackToSignIn />
      </SignInCard>
    )
  }
  return <RequestForm submitted={actionData && 'errors' in actionData ? actionData : undefined} />
}

function RequestForm({ submitted }: { submitted?: Submitted<Partial<Record<(typeof fields)[number], string>>> }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formAction === '/admin/forgot-password'
  const { errors, formProps } = useEditorForm((form) => forgotPasswordSchema.safeParse(formText(form, fields)), submitted)

  return (
    <SignInCard
      title="Forgot your password?"
      description="Enter the email you sign in with. If it belongs to an admin, we will e-mail a link to choose a new password."
    >
      <Form method="post" {...formProps} className="grid gap-4">
        {submitted?.failure && (
          <Alert variant="destructive" role="alert">
            {submitted.failure}
          </Alert>
        )}
        <FormField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={submitted?.values.email}
          error={errors.email}
        />
        <Button type="submit" disabled={busy} className="mt-2 w-full">
          {busy ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </Form>
      <BackToSignIn />
    </SignInCard>
  )
}

function BackToSignIn() {
  return (
    <p className="mt-6 text-sm">
      <Link to="/admin/login" className="font-medium text-primary underline underline-offset-4">
        Back to sign in
      </Link>
    </p>
  )
}
