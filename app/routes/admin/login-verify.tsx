import { useEffect, useRef, useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { useErrorToasts } from '~/components/admin/use-error-toasts'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { SignInCard } from '~/components/admin/sign-in-card'
import { Input, Label } from '~/components/ui/input'
import { RETURN_PARAM, safeReturnPath, withReturnPath } from '~/lib/return-to'
import { pageTitle } from '~/lib/seo'
import {
  FEW_RECOVERY_CODES,
  secondFactorSchema,
  wrongCodeMessage,
  wrongRecoveryCodeMessage,
  type SecondFactorMethod,
} from '~/lib/two-factor'
import type { LoadContext } from '~/server/services/load-context.server'
import { readForm } from '~/server/http/form-data.server'
import { redirectWithToast, type Toast } from '~/server/http/toast.server'
import { completeSignIn, endPendingSignIn, getUser, pendingSignIn, tooManyAttemptsMessage } from '~/server/services/auth.server'
import type { SecondFactor } from '~/server/services/two-factor.server'
import type { Route } from './+types/login-verify'
import { logger } from '~/server/log.server'

/*
 * The second step of signing in, for an admin with two-factor sign-in: their password was right
 * (a short-lived cookie says whose), and a code from their app or a recovery code opens the session.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, 'Two-factor sign-in') },
  { name: 'robots', content: 'noindex' },
]

const secondStepPath = '/admin/login/verify'

function methodOf(value: unknown): SecondFactorMethod {
  return value === 'recovery' ? 'recovery' : 'app'
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams
  // The admin page that sent the browser to sign in, passed on by the password step.
  const returnTo = safeReturnPath(search.get(RETURN_PARAM))
  if (await getUser(request, context)) throw redirect(returnTo ?? '/admin/blog')
  const user = await pendingSignIn(request, context)
  if (!user) throw await startOver(context, returnTo)
  return { siteName: context.config.siteName, email: user.email, method: methodOf(search.get('method')), returnTo }
}

/** Back to the password: the second step timed out, or never began. */
async function startOver(context: LoadContext, returnTo: string | null) {
  const headers = new Headers({ 'Set-Cookie': await endPendingSignIn(context) })
  return redirectWithToast(
    context,
    withReturnPath('/admin/login', returnTo),
    { type: 'error', title: 'Your sign-in timed out', description: 'Please enter your email and password again.' },
    headers,
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const method = methodOf(form.get('method'))
  const returnTo = safeReturnPath(form.get(RETURN_PARAM))
  const fail = (error: string, status: number) => data({ error }, { status })
  const parsed = secondFactorSchema(method).safeParse({ code: form.get('code') })
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'Please enter a code', 400)
  try {
    const result = await completeSignIn(request, context, parsed.data.code)
    if (result.ok) {
      const headers = new Headers()
      for (const cookie of result.setCookies) headers.append('Set-Cookie', cookie)
      return redirectWithToast(context, returnTo ?? '/admin/blog', signedInToast(result.secondFactor), headers)
    }
    if (result.reason === 'expired') return startOver(context, returnTo)
    if (result.reason === 'rate-limited') return fail(tooManyAttemptsMessage, 429)
    return fail(method === 'app' ? wrongCodeMessage : wrongRecoveryCodeMessage, 401)
  } catch (error) {
    logger.error({ err: error }, 'Two-factor sign-in failed')
    return fail('Authentication system error', 500)
  }
}

/** After a recovery code, how many are left, and a nudge to get new ones before they run out. */
function signedInToast(secondFactor: SecondFactor): Toast {
  if (secondFactor.method === 'app') return { type: 'success', title: 'Signed in successfully' }
  const left = secondFactor.recoveryCodesLeft
  const counted = left === 0 ? 'That was your last recovery code.' : `${left} recovery ${left === 1 ? 'code' : 'codes'} left.`
  const nudge = left < FEW_RECOVERY_CODES ? ' Get new ones in Settings, on your Account tab.' : ''
  return { type: 'success', title: 'Signed in with a recovery code', description: counted + nudge }
}

const copy: Record<
  SecondFactorMethod,
  { label: string; description: string; switchTo: string; switchMethod: SecondFactorMethod; field: React.ComponentProps<'input'> }
> = {
  app: {
    label: 'Authentication code',
    description: 'Enter the 6-digit code from your authenticator app.',
    switchTo: 'Use a recovery code instead',
    switchMethod: 'recovery',
    field: { inputMode: 'numeric', autoComplete: 'one-time-code' },
  },
  recovery: {
    label: 'Recovery code',
    description: 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.',
    switchTo: 'Use your authenticator app instead',
    switchMethod: 'app',
    field: { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false },
  },
}

/** The code step's address for a method, keeping the page to return to. */
function stepHref(method: SecondFactorMethod, returnTo: string | null): string {
  const search = new URLSearchParams()
  if (method === 'recovery') search.set('method', method)
  if (returnTo) search.set(RETURN_PARAM, returnTo)
  const query = search.toString()
  return query ? `${secondStepPath}?${query}` : secondStepPath
}

export default function VerifySignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { method, email, siteName, returnTo } = loaderData
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const [clientError, setClientError] = useState<string | null>(null)
  // The last refusal is moot while the next code is checked.
  const error = clientError ?? (busy ? null : actionData?.error) ?? null
  const formRef = useRef<HTMLFormElement>(null)
  const words = copy[method]
  const toasts = useErrorToasts()

  // A refused code is cleared, ready for the next one the app shows.
  useEffect(() => {
    if (!actionData?.error) return
    toasts.show(actionData.error)
    formRef.current?.reset()
    formRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus()
  }, [actionData, toasts])

  function checkBeforeSubmit(event: React.FormEvent<HTMLFormElement>) {
    const parsed = secondFactorSchema(method).safeParse({ code: new FormData(event.currentTarget).get('code') })
    toasts.clear()
    if (parsed.success) return setClientError(null)
    event.preventDefault()
    const message = parsed.error.issues[0]?.message ?? 'Please enter a code'
    setClientError(message)
    toasts.show(message)
  }

  return (
    <SignInCard
      title="Two-factor sign-in"
      description={
        <>
          {siteName} Admin, signing in as <span className="font-medium break-words text-foreground">{email}</span>. {words.description}
        </>
      }
    >
      {/* A new key per method: the field starts empty when switching between app and recovery code. */}
      <Form
        key={method}
        ref={formRef}
        method="post"
        noValidate
        onSubmit={checkBeforeSubmit}
        onChange={() => setClientError(null)}
        className="grid gap-4"
      >
        <input type="hidden" name="method" value={method} />
        {returnTo && <input type="hidden" name={RETURN_PARAM} value={returnTo} />}
        {error && (
          <Alert variant="destructive" id="verify-error">
            {error}
          </Alert>
        )}
        <div className="grid gap-2">
          <Label htmlFor="code">{words.label}</Label>
          <Input
            id="code"
            name="code"
            required
            autoFocus
            className="font-mono tracking-widest"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'verify-error' : undefined}
            {...words.field}
          />
        </div>
        <Button type="submit" disabled={busy} className="mt-2 w-full">
          {busy ? 'Checking...' : 'Verify'}
        </Button>
      </Form>
      <div className="mt-6 flex flex-wrap justify-between gap-3 text-sm">
        <Link to={stepHref(words.switchMethod, returnTo)} replace className="font-medium text-primary underline underline-offset-4">
          {words.switchTo}
        </Link>
        <Link to={withReturnPath('/admin/login', returnTo)} className="text-muted-foreground hover:underline">
          Start over
        </Link>
      </div>
      {method === 'recovery' && (
        <p className="mt-6 rounded-lg bg-muted p-3 text-sm leading-relaxed text-muted-foreground">
          <span className="font-medium text-foreground">No recovery codes either?</span> Ask the site owner: they can reset your password,
          which turns two-factor sign-in off until you set it up again.
        </p>
      )}
    </SignInCard>
  )
}
