import { redirect } from 'react-router'
import { MAX_ID_LENGTH } from '~/lib/schemas'
import { readForm } from '~/server/http/form-data.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { endOtherSessions, endSessionById, requireUser } from '~/server/services/auth.server'
import type { Route } from './+types/account-sessions'

/** The Account tab, where the list of sessions is. */
const ACCOUNT_TAB = '/admin/settings'

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  return redirect(ACCOUNT_TAB)
}

/** Ends one of the signed-in admin's other sessions, or all of them; their next request goes to the sign-in page. */
export async function action({ request, context, pattern }: Route.ActionArgs) {
  const user = await requireUser({ request, context, pattern })
  const form = await readForm(request)
  const intent = form.get('intent')
  if (intent === 'end-others') {
    await endOtherSessions(request, context, user.id)
    return redirectWithToast(context, ACCOUNT_TAB, { type: 'success', title: 'Signed out everywhere else' })
  }
  const id = form.get('id')
  if (intent !== 'end' || typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH) {
    return redirectWithToast(context, ACCOUNT_TAB, {
      type: 'error',
      title: 'That session could not be read. Reload the page and try again.',
    })
  }
  const ended = await endSessionById(context, user.id, id)
  return redirectWithToast(
    context,
    ACCOUNT_TAB,
    ended ? { type: 'success', title: 'Session ended' } : { type: 'error', title: 'That session had already ended' },
  )
}
