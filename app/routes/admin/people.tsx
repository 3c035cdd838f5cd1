import { useEffect } from 'react'
import { data, Form, Link } from 'react-router'
import { toast } from 'sonner'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { NativeSelect } from '~/components/admin/native-select'
import {
  AskedOnPage,
  AskFirst,
  LinkToPassOn,
  managePath,
  ManagePanel,
  nameOf,
  PEOPLE_PATH as PATH,
  type Question,
  type ResetSent,
  twoFactorOffQuestion,
  useSending,
} from '~/components/admin/people-manage'
import { RecordTable } from '~/components/admin/record-list'
import { type Submitted, useEditorForm } from '~/components/admin/use-editor-form'
import { Alert } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, FormField } from '~/components/ui/form-field'
import { Label } from '~/components/ui/input'
import { type Role, roleDescriptions, roleLabels, roles } from '~/lib/admin-access'
import { DateTime } from '~/components/ui/date-time'
import { formText } from '~/lib/form-text'
import { displayNameSchema, inviteFieldNames, inviteSchema, roleChangeSchema } from '~/lib/people-schema'
import { fieldErrors, MAX_ID_LENGTH } from '~/lib/schemas'
import type { LoadContext } from '~/server/services/load-context.server'
import { refuse } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { getAdmin } from '~/server/repositories/admins.server'
import { endSession, requireUser } from '~/server/services/auth.server'
import { emailInvitation } from '~/server/services/mailer.server'
import { sendResetFor } from '~/server/services/password-reset.server'
import {
  type Admin,
  changeRole,
  type Invitation,
  type InvitationOutcome,
  inviteAdmin,
  listPeople,
  removeAdmin,
  renameAdmin,
  renewInvitation,
  revokeInvitation,
} from '~/server/services/people.server'
import { turnOffForAdmin } from '~/server/services/two-factor.server'
import { normalizeEmail, type User } from '~/server/services/users.server'
import type { Route } from './+types/people'
import { logger } from '~/server/log.server'

/*
 * Who may sign in here (owners only: app/lib/admin-access.ts). Every form is a plain POST with an
 * intent, so the screen works without JavaScript; with it, Remove and Turn off two-factor ask in a
 * dialog first, and without it the server asks on the page (those changes need `confirmed`). An
 * admin's Manage panel (`?manage=<id>`) holds their display name, a password reset and turning their
 * two-factor sign-in off: what the sign-in pages tell people to ask the owner for.
 */

export const meta = screenMeta('People')

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, pattern })
  const people = await listPeople(context.db)
  const manage = new URL(request.url).searchParams.get('manage')
  return {
    ...people,
    me: user.id,
    managing: people.admins.some((admin) => admin.id === manage) ? manage : null,
    mailServer: Boolean(context.config.smtpUrl),
  }
}

/** What a refused form sent, for showing it again at the row or form it came from. */
type Sent = Partial<Record<'intent' | 'id' | 'email' | 'role' | 'displayName', string>>

export async function action({ request, context, pattern }: Route.ActionArgs) {
  const user = await requireUser({ request, context, pattern })
  const form = await readForm(request)
  const intent = form.get('intent')
  if (intent === 'invite') return invite(context, user, form)
  const id = idIn(form)
  if (!id) return refuse<Sent>({}, {}, { failure: 'That action is not available on the People screen.' })
  const confirmed = form.get('confirmed') === 'yes'
  try {
    if (intent === 'renew') return await renew(context, user, id)
    if (intent === 'revoke') return await revoke(context, user, id)
    if (intent === 'change-role') return await changeRoleOf(context, user, id, form)
    if (intent === 'remove') return await remove(request, context, user, id, confirmed)
    if (intent === 'rename') return await rename(context, user, id, form)
    if (intent === 'send-reset') return await sendReset(context, user, id)
    if (intent === 'turn-off-two-factor') return await turnOffTwoFactor(context, user, id, confirmed)
  } catch (error) {
    logger.error({ err: error }, `People: ${String(intent)} of ${id} failed`)
    return refuse<Sent>({ intent: String(intent), id }, {}, { failure: 'That change could not be saved. Please try again.', status: 500 })
  }
  return refuse<Sent>({}, {}, { failure: 'That action is not available on the People screen.' })
}

function idIn(form: FormData): string | null {
  const id = form.get('id')
  return typeof id === 'string' && id !== '' && id.length <= MAX_ID_LENGTH ? id : null
}

const invitationRefusals: Record<Exclude<InvitationOutcome, { ok: true }>['reason'], (email: string) => string> = {
  admin: (email) => `${email} is already an admin.`,
  pending: (email) => `${email} already has an invitation that still works. Use “Resend invitation” under Invitations to send a new link.`,
  gone: () => 'This invitation was accepted or revoked meanwhile.',
}

async function invite(context: LoadContext, user: User, form: FormData) {
  const sent: Sent = { intent: 'invite', ...formText(form, inviteFieldNames) }
  const parsed = inviteSchema.safeParse(sent)
  if (!parsed.success) return refuse(sent, fieldErrors(parsed.error))
  let outcome: InvitationOutcome
  try {
    outcome = await inviteAdmin(context.db, user, parsed.data)
  } catch (error) {
    logger.error({ err: error }, `Inviting ${parsed.data.email} failed`)
    return refuse(sent, {}, { failure: 'Failed to create the invitation. Please try again.', status: 500 })
  }
  if (!outcome.ok) return refuse(sent, { email: invitationRefusals[outcome.reason](normalizeEmail(parsed.data.email)) }, { status: 409 })
  return invitationAnswer(context, user, outcome)
}

async function renew(context: LoadContext, user: User, id: string) {
  const sent: Sent = { intent: 'renew', id }
  const outcome = await renewInvitation(context.db, user, id)
  if (!outcome.ok)
    return refuse(
      sent,
      {},
      {
        failure:
          outcome.reason === 'admin' ? 'That person is already an admin, so their invitation was removed.' : invitationRefusals.gone(''),
        status: 409,
      },
    )
  return invitationAnswer(context, user, outcome)
}

/**
 * A new invitation's answer: e-mailed when the server can send mail, else (or when sending failed)
 * its link, to copy. The link is in this answer only: the token is not stored, so it cannot be shown again.
 */
async function invitationAnswer(context: LoadContext, user: User, invitation: Extract<InvitationOutcome, { ok: true }>) {
  const link = `${context.config.siteUrl}/admin/invitation/${invitation.token}`
  const emailed = await emailInvitation(
    context.config,
    { email: invitation.email, role: roleLabels[invitation.role], invitedBy: user.email },
    link,
  )
  return data({
    invited: {
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt,
      emailed,
      link: emailed ? null : link,
      /** The server has mail set up and sending failed, as opposed to mail not set up at all. */
      sendFailed: !emailed && Boolean(context.config.smtpUrl),
    },
  })
}

async function revoke(context: LoadContext, user: User, id: string) {
  const revoked = await revokeInvitation(context.db, user, id)
  if (!revoked) return refuse<Sent>({ intent: 'revoke', id }, {}, { failure: invitationRefusals.gone(''), status: 404 })
  return redirectWithToast(context, PATH, { type: 'success', title: `Invitation to ${revoked.email} revoked` })
}

const lastOwner = (email: string) => `${email} is the only owner. Make someone else an owner first, so the site always has one.`
const goneAdmin = 'This admin was already removed.'

async function changeRoleOf(context: LoadContext, user: User, id: string, form: FormData) {
  const sent: Sent = { intent: 'change-role', id, ...formText(form, ['role']) }
  const parsed = roleChangeSchema.safeParse(sent)
  if (!parsed.success) return refuse(sent, fieldErrors(parsed.error))
  const { role } = parsed.data
  const change = await changeRole(context.db, user, id, role)
  if (change.outcome === 'gone') return refuse(sent, {}, { failure: goneAdmin, status: 404 })
  if (change.outcome === 'last-owner') return refuse(sent, {}, { failure: lastOwner(change.email), status: 409 })
  if (change.outcome === 'unchanged')
    return redirectWithToast(context, PATH, { type: 'success', title: `${change.email} is already ${roleLabels[role]}` })
  // An owner who gave themselves another role can no longer open this screen.
  if (change.self) return redirectWithToast(context, '/admin', { type: 'success', title: `You are now ${roleLabels[role]}` })
  return redirectWithToast(context, PATH, { type: 'success', title: `${change.email} is now ${roleLabels[role]}` })
}

async function remove(request: Request, context: LoadContext, user: User, id: string, confirmed: boolean) {
  if (!confirmed) {
    const admin = await getAdmin(context.db, id)
    if (!admin) return refuse<Sent>({ intent: 'remove', id }, {}, { failure: goneAdmin, status: 404 })
    return data({ confirmRemoval: { id: admin.id, email: admin.email, self: admin.id === user.id } })
  }
  const change = await removeAdmin(context.db, user, id)
  if (change.outcome === 'gone') return refuse<Sent>({ intent: 'remove', id }, {}, { failure: goneAdmin, status: 404 })
  if (change.outcome === 'last-owner') return refuse<Sent>({ intent: 'remove', id }, {}, { failure: lastOwner(change.email), status: 409 })
  if (change.self) {
    const headers = new Headers({ 'Set-Cookie': await endSession(request, context) })
    return redirectWithToast(context, '/admin/login', { type: 'success', title: 'You removed yourself from the admin' }, headers)
  }
  return redirectWithToast(context, PATH, {
    type: 'success',
    title: `${change.email} was removed`,
    description: 'Their sessions have ended.',
  })
}

async function rename(context: LoadContext, user: User, id: string, form: FormData) {
  const sent: Sent = { intent: 'rename', id, ...formText(form, ['displayName']) }
  const parsed = displayNameSchema.safeParse(sent)
  if (!parsed.success) return refuse(sent, fieldErrors(parsed.error))
  const { displayName } = parsed.data
  const change = await renameAdmin(context.db, user, id, displayName)
  if (change.outcome === 'gone') return refuse(sent, {}, { failure: goneAdmin, status: 404 })
  const title = displayName ? `${change.email} is shown as ${displayName}` : `${change.email} is shown by e-mail alone`
  return redirectWithToast(context, managePath(id), { type: 'success', title })
}

const ownAccount = 'Change your own password and two-factor sign-in on your Account tab in Settings, with your current password.'

/** A reset link for another admin: e-mailed when the server can, else (or when sending failed) shown to pass on. */
async function sendReset(context: LoadContext, user: User, id: string) {
  const reset = await sendResetFor(context.db, context.config, user, id)
  if (!reset.ok)
    return refuse<Sent>(
      { intent: 'send-reset', id },
      {},
      reset.reason === 'self' ? { failure: ownAccount } : { failure: goneAdmin, status: 404 },
    )
  const resetSent: ResetSent = {
    id,
    email: reset.email,
    emailed: reset.emailed,
    link: reset.emailed ? null : reset.link,
    sendFailed: !reset.emailed && Boolean(context.config.smtpUrl),
  }
  return data({ resetSent })
}

async function turnOffTwoFactor(context: LoadContext, user: User, id: string, confirmed: boolean) {
  const sent: Sent = { intent: 'turn-off-two-factor', id }
  if (!confirmed) {
    const admin = await getAdmin(context.db, id)
    if (!admin) return refuse(sent, {}, { failure: goneAdmin, status: 404 })
    if (admin.id === user.id) return refuse(sent, {}, { failure: ownAccount })
    return data({ confirmTwoFactorOff: { id: admin.id, email: admin.email, displayName: admin.displayName } })
  }
  const change = await turnOffForAdmin(context.db, user, id)
  if (change.outcome === 'gone') return refuse(sent, {}, { failure: goneAdmin, status: 404 })
  if (change.outcome === 'self') return refuse(sent, {}, { failure: ownAccount })
  if (change.outcome === 'already-off')
    return redirectWithToast(context, managePath(id), { type: 'success', title: `Two-factor sign-in was already off for ${change.email}` })
  return redirectWithToast(context, managePath(id), {
    type: 'success',
    title: `Two-factor sign-in turned off for ${change.email}`,
    description: 'Their sessions have ended.',
  })
}

type Answer = Route.ComponentProps['actionData']
const refusalIn = (answer: Answer) => (answer && 'errors' in answer ? (answer as Submitted<Sent>) : undefined)

export default function People({ loaderData, actionData }: Route.ComponentProps) {
  const { admins, invitations, me, mailServer } = loaderData
  const refusal = refusalIn(actionData)
  const invited = actionData && 'invited' in actionData ? actionData.invited : null
  const confirmRemoval = actionData && 'confirmRemoval' in actionData ? actionData.confirmRemoval : null
  const confirmTwoFactorOff = actionData && 'confirmTwoFactorOff' in actionData ? actionData.confirmTwoFactorOff : null
  const resetSent = actionData && 'resetSent' in actionData ? actionData.resetSent : null
  const managed = admins.find((admin) => admin.id === loaderData.managing)
  // A refused form shows its messages at its fields; any other refusal shows at the top, and in a toast.
  const formRefusal = refusal?.values.intent === 'invite' || (refusal?.values.intent === 'rename' && managed) ? refusal : undefined
  const rowRefusal = formRefusal ? undefined : refusal
  const owners = admins.filter((admin) => admin.role === 'owner').length

  useEffect(() => {
    if (rowRefusal) toast.error(rowRefusal.toast)
  }, [rowRefusal])

  return (
    <>
      <h1 className="text-2xl font-bold">People</h1>
      <p className="mt-1 max-w-2xl text-muted-foreground">
        Who can sign in here and what each may do. Invite someone by e-mail; change a role below, or Manage someone to give them a display
        name, send them a password reset or turn their two-factor sign-in off.
      </p>
      {rowRefusal?.failure && (
        <Alert variant="destructive" className="mt-6">
          {rowRefusal.failure}
        </Alert>
      )}
      {confirmRemoval && (
        <AskedOnPage
          fields={{ intent: 'remove', id: confirmRemoval.id }}
          question={removalQuestion(confirmRemoval.email, confirmRemoval.self)}
          cancelTo={PATH}
        />
      )}
      {confirmTwoFactorOff && (
        <AskedOnPage
          fields={{ intent: 'turn-off-two-factor', id: confirmTwoFactorOff.id }}
          question={twoFactorOffQuestion(confirmTwoFactorOff)}
          cancelTo={managePath(confirmTwoFactorOff.id)}
        />
      )}
      {managed && (
        <ManagePanel
          admin={managed}
          self={managed.id === me}
          mailServer={mailServer}
          submitted={formRefusal?.values.intent === 'rename' ? formRefusal : undefined}
          resetSent={resetSent?.id === managed.id ? resetSent : null}
        />
      )}
      <InviteCard submitted={formRefusal?.values.intent === 'invite' ? formRefusal : undefined} invited={invited} />

      <h2 className="mt-8 text-lg font-semibold">Admins</h2>
      <RecordTable
        rows={admins}
        rowKey={(admin) => admin.id}
        rowTestId="admin-row"
        empty={{ title: 'No admins', description: 'Create the first with npm run admin:create.' }}
        columns={[
          {
            header: 'Admin',
            primary: true,
            cell: (admin) => (
              <span className="grid">
                <span className="break-words">
                  {nameOf(admin)}
                  {admin.id === me && (
                    <Badge variant="muted" className="ml-2">
                      You
                    </Badge>
                  )}
                </span>
                {admin.displayName && <span className="text-xs font-normal break-all text-muted-foreground">{admin.email}</span>}
              </span>
            ),
          },
          {
            header: 'Role',
            cell: (admin) => (
              <RoleForm
                key={`${admin.id}-${admin.role}`}
                admin={admin}
                soleOwner={admin.role === 'owner' && owners === 1}
                error={rowRefusal?.values.id === admin.id ? rowRefusal.errors.role : undefined}
              />
            ),
          },
          {
            header: 'Last sign-in',
            className: 'whitespace-nowrap',
            // On a phone the cells stack without their headers, so each says what it is.
            cell: (admin) => (
              <>
                <span className="md:hidden">Last sign-in: </span>
                {admin.lastSignInAt ? <DateTime iso={admin.lastSignInAt} /> : 'Never'}
              </>
            ),
          },
          {
            header: 'Two-factor',
            cell: (admin) => (
              <Badge variant={admin.twoFactor ? 'success' : 'muted'}>
                <span className="md:hidden">Two-factor </span>
                {admin.twoFactor ? 'On' : 'Off'}
              </Badge>
            ),
          },
        ]}
        actions={(admin) => (
          <>
            <Button asChild variant="outline" size="sm">
              <Link to={managePath(admin.id)} aria-current={admin.id === managed?.id ? 'page' : undefined}>
                Manage<span className="sr-only"> {admin.email}</span>
              </Link>
            </Button>
            <RemoveButton admin={admin} self={admin.id === me} soleOwner={admin.role === 'owner' && owners === 1} />
          </>
        )}
      />

      <h2 className="mt-8 text-lg font-semibold">Invitations</h2>
      <RecordTable
        rows={invitations}
        rowKey={(invitation) => invitation.id}
        rowTestId="invitation-row"
        empty={{ title: 'No open invitations', description: 'An invitation shows here until it is accepted or revoked.' }}
        columns={[
          { header: 'Email', primary: true, cell: (invitation) => <span className="break-all">{invitation.email}</span> },
          { header: 'Role', cell: (invitation) => roleLabels[invitation.role] },
          {
            header: 'Expires',
            className: 'whitespace-nowrap',
            cell: (invitation) => (invitation.expired ? <Badge variant="warning">Expired</Badge> : <DateTime iso={invitation.expiresAt} />),
          },
          { header: 'Invited by', cell: (invitation) => <span className="break-all">{invitation.invitedBy ?? 'A removed admin'}</span> },
        ]}
        actions={(invitation) => <InvitationActions invitation={invitation} />}
      />
    </>
  )
}

function InviteCard({ submitted, invited }: { submitted?: Submitted<Sent>; invited: InvitedAnswer | null }) {
  const sending = useSending('invite')
  const { errors, formProps } = useEditorForm((form) => inviteSchema.safeParse(formText(form, inviteFieldNames)), submitted)
  return (
    <Card className="mt-6 max-w-2xl">
      <CardHeader>
        <CardTitle>Invite someone</CardTitle>
        <CardDescription>They get a link to choose a password and join. It works once, for 72 hours.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {invited && <InvitedNote invited={invited} />}
        {/* A new key after each invitation empties the form for the next one. */}
        <Form key={invited?.expiresAt ?? 'invite'} method="post" {...formProps} className="grid gap-5">
          <input type="hidden" name="intent" value="invite" />
          {submitted?.failure && <Alert variant="destructive">{submitted.failure}</Alert>}
          <FormField
            label="Email"
            name="email"
            type="email"
            autoComplete="off"
            required
            defaultValue={submitted?.values.email}
            error={errors.email}
          />
          <Field label="Role" name="role" error={errors.role} hint={<RoleDescriptions />}>
            {(control) => (
              <NativeSelect {...control} defaultValue={submitted?.values.role || 'author'}>
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {roleLabels[role]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <div>
            <Button type="submit" disabled={sending}>
              {sending ? 'Inviting...' : 'Send invitation'}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  )
}

function RoleDescriptions() {
  return roles.map((role) => (
    <span key={role} className="block">
      <span className="font-semibold">{roleLabels[role]}:</span> {roleDescriptions[role]}
    </span>
  ))
}

type InvitedAnswer = { email: string; role: Role; expiresAt: string; emailed: boolean; link: string | null; sendFailed: boolean }

/** The outcome of an invitation: sent, or its link to pass on by hand. Never "sent" unless the mail server took it. */
function InvitedNote({ invited }: { invited: InvitedAnswer }) {
  if (invited.emailed || !invited.link) {
    return (
      <Alert role="status" data-testid="invitation-sent">
        Invitation sent to <span className="font-semibold">{invited.email}</span> as {roleLabels[invited.role]}. The link in it works once,
        for 72 hours.
      </Alert>
    )
  }
  return (
    <LinkToPassOn
      inputId="invitation-link-input"
      label={`Invitation link for ${invited.email}`}
      link={invited.link}
      testId="invitation-link"
    >
      {invited.sendFailed ? 'The e-mail could not be sent. ' : 'This server does not send e-mail. '}
      Copy this link and send it to <span className="font-semibold">{invited.email}</span> yourself. It makes them{' '}
      {roleLabels[invited.role]}, and works once, for 72 hours. It is not shown again.
    </LinkToPassOn>
  )
}

/** A role select and its Save button, one small form per admin; the only owner's role stays. */
function RoleForm({ admin, soleOwner, error }: { admin: Admin; soleOwner: boolean; error?: string }) {
  const saving = useSending('change-role', admin.id)
  const id = `role-${admin.id}`
  const noteId = error ? `${id}-error` : soleOwner ? `${id}-note` : undefined
  return (
    <Form method="post" className="grid gap-1">
      <input type="hidden" name="intent" value="change-role" />
      <input type="hidden" name="id" value={admin.id} />
      <Label htmlFor={id} className="sr-only">
        Role of {admin.email}
      </Label>
      <div className="flex items-center gap-2">
        <NativeSelect
          id={id}
          name="role"
          defaultValue={admin.role}
          disabled={soleOwner}
          aria-invalid={error ? true : undefined}
          aria-describedby={noteId}
          className="h-8 w-auto"
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {roleLabels[role]}
            </option>
          ))}
        </NativeSelect>
        {!soleOwner && (
          <Button type="submit" variant="outline" size="sm" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
            <span className="sr-only"> role of {admin.email}</span>
          </Button>
        )}
      </div>
      {error ? (
        <p id={noteId} className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        soleOwner && (
          <p id={noteId} className="text-xs">
            The only owner: make someone else an owner first.
          </p>
        )
      )}
    </Form>
  )
}

function removalQuestion(email: string, self: boolean): Question {
  return {
    title: self ? 'Remove yourself?' : `Remove ${email}?`,
    consequence: self
      ? 'You will be signed out at once and can no longer sign in here. The posts you wrote stay on the site, credited as before.'
      : 'Their sessions end now, so they are signed out at once, and they can no longer sign in. The posts they wrote stay on the site, credited as before.',
    confirm: 'Remove',
  }
}

/** Remove, asking first (AskFirst); the only owner has none. */
function RemoveButton({ admin, self, soleOwner }: { admin: Admin; self: boolean; soleOwner: boolean }) {
  const removing = useSending('remove', admin.id)
  if (soleOwner) return null
  return (
    <AskFirst fields={{ intent: 'remove', id: admin.id }} question={removalQuestion(admin.email, self)}>
      <Button type="submit" variant="ghost" size="sm" className="text-destructive" disabled={removing}>
        {removing ? 'Removing...' : 'Remove'}
        <span className="sr-only"> {admin.email}</span>
      </Button>
    </AskFirst>
  )
}

/** Resend (with a new link: the old one stops working) and Revoke, for an invitation not accepted yet. */
function InvitationActions({ invitation }: { invitation: Invitation }) {
  const renewing = useSending('renew', invitation.id)
  const revoking = useSending('revoke', invitation.id)
  return (
    <>
      <Form method="post">
        <input type="hidden" name="id" value={invitation.id} />
        <Button type="submit" name="intent" value="renew" variant="outline" size="sm" disabled={renewing}>
          {renewing ? 'Resending...' : 'Resend invitation'}
          <span className="sr-only"> to {invitation.email}</span>
        </Button>
      </Form>
      <Form method="post">
        <input type="hidden" name="id" value={invitation.id} />
        <Button type="submit" name="intent" value="revoke" variant="ghost" size="sm" className="text-destructive" disabled={revoking}>
          {revoking ? 'Revoking...' : 'Revoke'}
          <span className="sr-only"> the invitation of {invitation.email}</span>
        </Button>
      </Form>
    </>
  )
}

export const ErrorBoundary = adminErrorBoundary('Failed to load people')
