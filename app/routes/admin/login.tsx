import { useEffect, useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { toast } from 'sonner'
import { SignInCard } from '~/components/admin/sign-in-card'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Input, Label } from '~/components/ui/input'
import { pageTitle } from '~/lib/seo'
import { RETURN_PARAM, safeReturnPath, withReturnPath } from '~/lib/return-to'
import { loginSchema } from '~/lib/schemas'
import { getUser, invalidCredentialsMessage, signIn, tooManyAttemptsMessage } from '~/server/services/auth.server'
import { readForm } from '~/server/http/form-data.server'
import { redirectWithToast } from '~/server/http/toast.server'
import type { Route } from './+types/login'
import { logger } from '~/server/log.server'

type LoginError = { kind: 'validation' | 'provider' | 'system'; message: string }

const secondStepPath = '/admin/login/verify'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, 'Admin Sign In') },
  { name: 'robots', content: 'noindex' },
]

/** Where signing in leads: the admin page that asked for it (a same-site admin path only), else the post list. */
const landingOf = (returnTo: string | null) => returnTo ?? '/admin/blog'

export async function loader({ request, context }: Route.LoaderArgs) {
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get(RETURN_PARAM))
  if (await getUser(request, context)) throw redirect(landingOf(returnTo))
  return { siteName: context.config.siteName, returnTo }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const returnTo = safeReturnPath(form.get(RETURN_PARAM))
  const email = form.get('email')
  const parsed = loginSchema.safeParse({ email, password: form.get('password') })
  const fail = (error: LoginError, status: number) => data({ error, email: typeof email === 'string' ? email : '' }, { status })
  if (!parsed.success) {
    return fail({ kind: 'validation', message: parsed.error.issues[0]?.message ?? 'Invalid input' }, 400)
  }
  try {
    const result = await signIn(request, context, parsed.data)
    // The password was right; the session waits for the code from the admin's authenticator app.
    if (!result.ok && result.reason === 'code-needed')
      return redirect(withReturnPath(secondStepPath, returnTo), { headers: { 'Set-Cookie': result.setCookie } })
    if (!result.ok) {
      return result.reason === 'rate-limited'
        ? fail({ kind: 'provider', message: tooManyAttemptsMessage }, 429)
        : fail({ kind: 'provider', message: invalidCredentialsMessage }, 401)
    }
    const headers = new Headers([
      ['Set-Cookie', result.setCookie],
      ['Set-Cookie', result.deviceCookie],
    ])
    return redirectWithToast(context, landingOf(returnTo), { type: 'success', title: 'Signed in successfully' }, headers)
  } catch (error) {
    logger.error({ err: error }, 'Sign-in failed')
    return fail({ kind: 'system', message: 'Authentication system error' }, 500)
  }
}

function toastFor(error: LoginError): string {
  if (error.kind === 'provider') return `Authentication error: ${error.message}`
  return error.message
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  // The form posts to this address with its query (the page to return to) kept.
  const busy = navigation.state !== 'idle' && navigation.formAction?.split('?')[0] === '/admin/login'
  const [clientError, setClientError] = useState<LoginError | null>(null)
  const error = clientError ?? actionData?.error ?? null

  useEffect(() => {
    if (actionData?.error) toast.error(toastFor(actionData.error))
  }, [actionData])

  function checkBeforeSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget)
    const parsed = loginSchema.safeParse({ email: form.get('email'), password: form.get('password') })
    if (parsed.success) return setClientError(null)
    event.preventDefault()
    const message = parsed.error.issues[0]?.message ?? 'Invalid input'
    setClientError({ kind: 'validation', message })
    toast.error(message)
  }

  return (
    <SignInCard title={`${loaderData.siteName} Admin`} description="Sign in to manage the blog, authors, case studies and team.">
      <Form method="post" noValidate onSubmit={checkBeforeSubmit} className="grid gap-4">
        {loaderData.returnTo && <input type="hidden" name={RETURN_PARAM} value={loaderData.returnTo} />}
        {error && (
          <Alert variant="destructive" id="login-error">
            {error.message}
          </Alert>
        )}
        {[
          { name: 'email', label: 'Email', type: 'email', autoComplete: 'username', defaultValue: actionData?.email },
          { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
        ].map(({ label, ...field }) => (
          // One message covers both fields: which of the two was wrong is not told.
          <div key={field.name} className="grid gap-2">
            <Label htmlFor={field.name}>{label}</Label>
            <Input
              id={field.name}
              required
              {...field}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'login-error' : undefined}
            />
          </div>
        ))}
        <Link to="/admin/forgot-password" className="-mt-2 justify-self-end text-sm font-medium text-primary underline underline-offset-4">
          Forgot password?
        </Link>
        <Button type="submit" disabled={busy} className="mt-2 w-full">
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </Form>
      <p className="mt-6 rounded-lg bg-muted p-3 text-sm leading-relaxed text-muted-foreground">
        <span className="font-medium text-foreground">No account yet?</span> Ask the site owner to invite you. The owner can also reset your
        password when it can't be reset by e-mail.
      </p>
    </SignInCard>
  )
}
