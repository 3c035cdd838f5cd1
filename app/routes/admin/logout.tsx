import { redirect } from 'react-router'
import { endSession } from '~/server/services/auth.server'
import { redirectWithToast } from '~/server/http/toast.server'
import type { Route } from './+types/logout'

// Signing out changes state, so it happens only in the action; a GET just goes back to the admin.
export function loader() {
  return redirect('/admin')
}

export async function action({ request, context }: Route.ActionArgs) {
  const headers = new Headers({ 'Set-Cookie': await endSession(request, context) })
  return redirectWithToast(context, '/admin/login', { type: 'success', title: 'Signed out' }, headers)
}
