import { data, Link, redirect } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { TwoFactorCard, twoFactorCardHref } from '~/components/admin/two-factor-card'
import { formText } from '~/lib/form-text'
import { fieldErrors } from '~/lib/schemas'
import {
  codeFormSchema,
  requiredForEveryoneMessage,
  setupExpiredMessage,
  turnOffSchema,
  wrongCodeMessage,
  wrongPasswordOrCodeMessage,
} from '~/lib/two-factor'
import type { LoadContext } from '~/load-context'
import { refuse } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { requireUser, tooManyAttemptsMessage } from '~/server/services/auth.server'
import { beginSetup, cancelSetup, confirmSetup, type NewCodes, renewRecoveryCodes, turnOff, twoFactorStatus } from '~/server/services/two-factor.server'
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
  if (intent === 'confirm') return confirm(context, user, form)
  if (intent === 'renew') return renew(context, user, form)
  if (intent === 'off') return off(context, user, form)
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

async function confirm(context: LoadContext, user: User, form: FormData) {
  const parsed = codeFormSchema.safeParse(formText(form, ['code']))
  if (!parsed.success) return refuse({ intent: 'confirm' }, fieldErrors(parsed.error))
  return answerWithCodes('confirm', await confirmSetup(context.db, user, parsed.data.code))
}

async function renew(context: LoadContext, user: User, form: FormData) {
  const parsed = codeFormSchema.safeParse(formText(form, ['code']))
  if (!parsed.success) return refuse({ intent: 'renew' }, fieldErrors(parsed.error))
  const source = { email: user.email, ip: context.clientAddress }
  return answerWithCodes('renew', await renewRecoveryCodes(context.db, user, parsed.data.code, source))
}

/** New recovery codes, in the answer itself and nowhere else; or why there are none. */
function answerWithCodes(intent: 'confirm' | 'renew', outcome: NewCodes) {
  if (outcome.ok) return data({ intent, recoveryCodes: outcome.recoveryCodes })
  if (outcome.reason === 'rate-limited') return refuse({ intent }, { code: tooManyAttemptsMessage }, { status: 429 })
  if (outcome.reason === 'no-setup') return refuse({ intent }, {}, { failure: setupExpiredMessage, status: 409 })
  return refuse({ intent }, { code: wrongCodeMessage })
}

async function off(context: LoadContext, user: User, form: FormData) {
  const parsed = turnOffSchema.safeParse(formText(form, ['passwordOrCode']))
  if (!parsed.success) return refuse({ intent: 'off' }, fieldErrors(parsed.error))
  const source = { email: user.email, ip: context.clientAddress }
  const outcome = await turnOff(context.db, user, parsed.data.passwordOrCode, source)
  if (outcome === 'required') return refuse({ intent: 'off' }, {}, { failure: requiredForEveryoneMessage, status: 409 })
  if (outcome === 'rate-limited') return refuse({ intent: 'off' }, { passwordOrCode: tooManyAttemptsMessage }, { status: 429 })
  if (outcome === 'wrong') return refuse({ intent: 'off' }, { passwordOrCode: wrongPasswordOrCodeMessage })
  return redirectWithToast(context, twoFactorCardHref, { type: 'success', title: 'Two-factor sign-in is off' })
}

export default function AccountTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">Two-factor sign-in</h1>
      <p className="mt-1">
        <Link to="/admin/settings" className="text-sm font-medium text-primary hover:underline">
          Back to Settings
        </Link>
      </p>
      <TwoFactorCard status={loaderData.twoFactor} answer={actionData} />
    </>
  )
}

export const ErrorBoundary = adminErrorBoundary('Error loading two-factor sign-in')
