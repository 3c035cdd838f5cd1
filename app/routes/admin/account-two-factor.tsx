import { data, Link, redirect } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { TwoFactorCard, twoFactorCardHref } from '~/components/admin/two-factor-card'
import { formText } from '~/lib/form-text'
import { fieldErrors } from '~/lib/schemas'
import {
  codeFormSchema,
  confirmSetupSchema,
  requiredForEveryoneMessage,
  setupExpiredMessage,
  signedOutElsewhereMessage,
  turnOffSchema,
  wrongCodeMessage,
  wrongPasswordMessage,
} from '~/lib/two-factor'
import type { LoadContext } from '~/server/services/load-context.server'
import { refuse } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { endOtherSessions, requireUser, tooManyAttemptsMessage } from '~/server/services/auth.server'
import { knownDevice } from '~/server/services/known-devices.server'
import {
  type AccountChange,
  beginSetup,
  cancelSetup,
  confirmSetup,
  type NewCodes,
  renewRecoveryCodes,
  turnOff,
  twoFactorStatus,
} from '~/server/services/two-factor.server'
import type { User } from '~/server/services/users.server'
import type { Route } from './+types/account-two-factor'

/*
 * The admin's own two-factor sign-in: every form of the Account tab's card posts here. Changes of
 * state go back to the card with a toast; new recovery codes are answered, never redirected, since
 * they are shown once and kept nowhere. Without JavaScript this address shows the card itself with
 * the answer (a refused code, the codes to save).
 */

export const meta = screenMeta('Two-factor sign-in')

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, pattern })
  return { twoFactor: await twoFactorStatus(context.db, user, context.config.siteName) }
}

export async function action({ request, context, pattern }: Route.ActionArgs) {
  const user = await requireUser({ request, context, pattern })
  const form = await readForm(request)
  const intent = form.get('intent')
  if (intent === 'begin') return begin(context, user)
  if (intent === 'cancel') return cancel(context, user)
  if (intent === 'confirm') return confirm(request, context, user, form)
  if (intent === 'renew') return renew(request, context, user, form)
  if (intent === 'off') return off(request, context, user, form)
  return refuse({ intent: '' }, {}, { toast: 'That action is not available here' })
}

async function begin(context: LoadContext, user: User) {
  if ((await beginSetup(context.db, user)) === 'already-on') {
    return redirectWithToast(context, twoFactorCardHref, { type: 'error', title: 'Two-factor sign-in is already on' })
  }
  return redirect(twoFactorCardHref)
}

async function cancel(context: LoadContext, user: User) {
  await cancelSetup(context.db, user)
  return redirectWithToast(context, twoFactorCardHref, { type: 'success', title: 'Two-factor setup cancelled' })
}

/** Turning two-factor on or off: the password typed, counted like a sign-in, and the end of every other session. */
async function accountChange(request: Request, context: LoadContext, user: User, password: string): Promise<AccountChange> {
  return {
    password,
    source: { email: user.email, ip: context.clientAddress, device: await knownDevice(request, context, user.email) },
    endOtherSessions: (trx) => endOtherSessions(request, context, user.id, trx),
  }
}

async function confirm(request: Request, context: LoadContext, user: User, form: FormData) {
  const parsed = confirmSetupSchema.safeParse(formText(form, ['code', 'accountPassword']))
  if (!parsed.success) return refuse({ intent: 'confirm' }, fieldErrors(parsed.error))
  const change = await accountChange(request, context, user, parsed.data.accountPassword)
  return answerWithCodes('confirm', await confirmSetup(context.db, user, parsed.data.code, change))
}

async function renew(request: Request, context: LoadContext, user: User, form: FormData) {
  const parsed = codeFormSchema.safeParse(formText(form, ['code']))
  if (!parsed.success) return refuse({ intent: 'renew' }, fieldErrors(parsed.error))
  const source = { email: user.email, ip: context.clientAddress, device: await knownDevice(request, context, user.email) }
  return answerWithCodes('renew', await renewRecoveryCodes(context.db, user, parsed.data.code, source))
}

/** New recovery codes, in the answer itself and nowhere else; or why there are none. */
function answerWithCodes(intent: 'confirm' | 'renew', outcome: NewCodes) {
  if (outcome.ok) return data({ intent, recoveryCodes: outcome.recoveryCodes })
  if (outcome.reason === 'rate-limited')
    return refuse({ intent }, { [intent === 'confirm' ? 'accountPassword' : 'code']: tooManyAttemptsMessage }, { status: 429 })
  if (outcome.reason === 'wrong-password') return refuse({ intent }, { accountPassword: wrongPasswordMessage })
  if (outcome.reason === 'no-setup') return refuse({ intent }, {}, { failure: setupExpiredMessage, status: 409 })
  return refuse({ intent }, { code: wrongCodeMessage })
}

async function off(request: Request, context: LoadContext, user: User, form: FormData) {
  const parsed = turnOffSchema.safeParse(formText(form, ['accountPassword']))
  if (!parsed.success) return refuse({ intent: 'off' }, fieldErrors(parsed.error))
  const outcome = await turnOff(context.db, user, await accountChange(request, context, user, parsed.data.accountPassword))
  if (outcome === 'required') return refuse({ intent: 'off' }, {}, { failure: requiredForEveryoneMessage, status: 409 })
  if (outcome === 'rate-limited') return refuse({ intent: 'off' }, { accountPassword: tooManyAttemptsMessage }, { status: 429 })
  if (outcome === 'wrong') return refuse({ intent: 'off' }, { accountPassword: wrongPasswordMessage })
  return redirectWithToast(context, twoFactorCardHref, {
    type: 'success',
    title: 'Two-factor sign-in is off',
    description: signedOutElsewhereMessage,
  })
}

export default function AccountTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">Two-factor sign-in</h1>
      <p className="mt-1">
        <Link to="/admin/settings" className="text-sm font-medium text-primary underline underline-offset-4">
          Back to Settings
        </Link>
      </p>
      <TwoFactorCard status={loaderData.twoFactor} answer={actionData} />
    </>
  )
}

export const ErrorBoundary = adminErrorBoundary('Error loading two-factor sign-in')
