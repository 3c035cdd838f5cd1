import { data, Form, Link, useNavigation } from 'react-router'
import { useEditorForm } from '~/components/admin/use-editor-form'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { SignInCard } from '~/components/admin/sign-in-card'
import { FormField } from '~/components/ui/form-field'
import { roleDescriptions, roleLabels } from '~/lib/admin-access'
import { formText } from '~/lib/form-text'
import { acceptFieldNames, acceptInvitationSchema } from '~/lib/people-schema'
import { fieldErrors } from '~/lib/schemas'
import { pageTitle } from '~/lib/seo'
import { refuse } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { openSession } from '~/server/services/auth.server'
import { acceptInvitation, type ClosedInvitation, invitationToAccept } from '~/server/services/people.server'
import type { Route } from './+types/accept-invitation'
import { logger } from '~/server/log.server'

/*
 * Where an invitation's link leads: the invited person chooses a password and joins, signed in at
 * once. No session is needed (nor asked for). The address holds the link's secret, so the host sends
 * this page with `Referrer-Policy: strict-origin` (no Referer carries the path) and, as every /admin
 * page, `Cache-Control: no-store` (server.ts).
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, 'Join the admin') },
  { name: 'robots', content: 'noindex' },
]

const closedPages: Record<ClosedInvitation, { status: number; title: string; text: string }> = {
  unknown: {
    status: 404,
    title: 'This invitation link does not work',
    text: 'It may be cut short, replaced by a newer link, or revoked. Ask the owner who invited you for a new invitation.',
  },
  used: {
    status: 410,
    title: 'This invitation was already used',
    text: 'Each link works once. If you joined with it, sign in; if not, ask the owner who invited you for a new invitation.',
  },
  expired: {
    status: 410,
    title: 'This invitation has expired',
    text: 'An invitation link works for 72 hours. Ask the owner who invited you for a new invitation.',
  },
  admin: {
    status: 409,
    title: 'You are already an admin',
    text: 'This email address already has an account here. Sign in with it instead.',
  },
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await invitationToAccept(context.db, params.token)
  const page = {
    siteName: context.config.siteName,
    invitation: invitation.ok ? { email: invitation.email, role: invitation.role } : null,
    closed: invitation.ok ? null : invitation.reason,
  }
  return data(page, { status: invitation.ok ? 200 : closedPages[invitation.reason].status })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request)
  // Passwords never travel back to the page: a refused form comes back with its messages only.
  const parsed = acceptInvitationSchema.safeParse(formText(form, acceptFieldNames))
  if (!parsed.success) return refuse({}, fieldErrors(parsed.error))
  let outcome
  try {
    outcome = await acceptInvitation(context.db, params.token, parsed.data.password)
  } catch (error) {
    logger.error({ err: error }, 'Accepting an invitation failed')
    return refuse({}, {}, { failure: 'Joining failed. Please try again.', status: 500 })
  }
  if (!outcome.ok) return data({ closed: outcome.reason }, { status: closedPages[outcome.reason].status })
  const headers = new Headers({ 'Set-Cookie': await openSession(request, context, outcome.user) })
  const welcome = {
    type: 'success' as const,
    title: `Welcome to ${context.config.siteName}`,
    description: `You are signed in as ${roleLabels[outcome.user.role]}.`,
  }
  return redirectWithToast(context, '/admin', welcome, headers)
}

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const closed = (actionData && 'closed' in actionData ? actionData.closed : null) ?? loaderData.closed
  const invitation = closed ? null : loaderData.invitation
  return (
    <SignInCard
      title={invitation ? `Join ${loaderData.siteName} as ${roleLabels[invitation.role]}` : closedPages[closed ?? 'unknown'].title}
      description={invitation ? roleDescriptions[invitation.role] : closedPages[closed ?? 'unknown'].text}
    >
      {invitation ? (
        <JoinForm
          email={invitation.email}
          siteName={loaderData.siteName}
          submitted={actionData && 'errors' in actionData ? actionData : undefined}
        />
      ) : (
        <Button asChild variant="secondary">
          <Link to="/admin/login">Go to sign in</Link>
        </Button>
      )}
    </SignInCard>
  )
}

function JoinForm({
  email,
  siteName,
  submitted,
}: {
  email: string
  siteName: string
  submitted?: { values: object; errors: Record<string, string>; failure: string | null; toast: string }
}) {
  const navigation = useNavigation()
  const joining = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post'
  const { errors, formProps } = useEditorForm((form) => acceptInvitationSchema.safeParse(formText(form, acceptFieldNames)), submitted)
  return (
    <Form method="post" {...formProps} className="grid gap-5">
      {submitted?.failure && <Alert variant="destructive">{submitted.failure}</Alert>}
      {/* The invitation decides the address; the field shows it and tells password managers the account. */}
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        readOnly
        defaultValue={email}
        hint="The invitation is for this address."
      />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters."
        error={errors.password}
      />
      <FormField
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
      <Button type="submit" disabled={joining} className="w-full">
        {joining ? 'Joining...' : `Join ${siteName}`}
      </Button>
    </Form>
  )
}
