import { useEffect, useRef, useState } from 'react'
import { Form, Link, useNavigation, useSubmit } from 'react-router'
import { toast } from 'sonner'
import { type Submitted, useEditorForm } from '~/components/admin/use-editor-form'
import { Alert } from '~/components/ui/alert'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '~/components/ui/alert-dialog'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import { Input, Label } from '~/components/ui/input'
import { formText } from '~/lib/form-text'
import { displayNameSchema } from '~/lib/people-schema'
import type { Admin } from '~/server/services/people.server'

/*
 * The People screen's parts for one admin: the Manage panel (display name, a password reset, turning
 * two-factor sign-in off), the questions asked before a destructive change, and a link to pass on by
 * hand when the server sends no e-mail. Every form is a plain POST with an intent, so all of it works
 * without JavaScript.
 */

export const PEOPLE_PATH = '/admin/people'

/** The People screen with one admin's Manage panel open. */
export const managePath = (id: string) => `${PEOPLE_PATH}?${new URLSearchParams({ manage: id })}`

/** How the screen names an admin: their display name, else their e-mail. */
export const nameOf = (admin: { email: string; displayName: string | null }) => admin.displayName ?? admin.email

/** Whether the page is sending this intent (for this row, when given). */
export function useSending(intent: string, id?: string): boolean {
  const navigation = useNavigation()
  const sent = navigation.formData
  return navigation.state !== 'idle' && sent?.get('intent') === intent && (id === undefined || sent.get('id') === id)
}

/** A question asked before a change that cannot be taken back: its title, what follows, and the button that goes ahead. */
export interface Question {
  title: string
  consequence: string
  confirm: string
}

/**
 * A form whose button asks first. With scripts the button opens a dialog and its answer sends the
 * form with `confirmed=yes`; without them the form posts unconfirmed and the server asks on the page
 * (AskedOnPage).
 */
export function AskFirst({
  fields,
  question,
  children,
}: {
  fields: Record<string, string>
  question: Question
  children: React.ReactElement
}) {
  const submit = useSubmit()
  return (
    <Form method="post" onSubmit={(event) => event.preventDefault()}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <AlertDialog>
        <AlertDialogTrigger asChild>{children}</AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogTitle>{question.title}</AlertDialogTitle>
          <AlertDialogDescription>{question.consequence}</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => submit({ ...fields, confirmed: 'yes' }, { method: 'post' })}>
              {question.confirm}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Form>
  )
}

/** The question asked on the page, for a browser that sent the form without scripts. */
export function AskedOnPage({ fields, question, cancelTo }: { fields: Record<string, string>; question: Question; cancelTo: string }) {
  return (
    <Card className="mt-6 max-w-2xl border-destructive" role="region" aria-labelledby="asked-on-page">
      <CardHeader>
        <CardTitle id="asked-on-page">{question.title}</CardTitle>
        <CardDescription>{question.consequence}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="flex flex-wrap gap-2">
          {Object.entries({ ...fields, confirmed: 'yes' }).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" variant="destructive">
            {question.confirm}
          </Button>
          <Button asChild variant="outline">
            <Link to={cancelTo}>Cancel</Link>
          </Button>
        </Form>
      </CardContent>
    </Card>
  )
}

/** A link made for someone, shown once in a read-only field to copy (the server keeps only its hash). */
export function LinkToPassOn({
  inputId,
  label,
  link,
  testId,
  children,
}: {
  inputId: string
  label: string
  link: string
  testId: string
  children: React.ReactNode
}) {
  return (
    <div role="status" className="grid gap-3 rounded-lg border bg-muted p-4 text-sm" data-testid={testId}>
      <p>{children}</p>
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex gap-2">
        <Input id={inputId} readOnly value={link} onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" />
        <CopyButton text={link} />
      </div>
    </div>
  )
}

/** Copies to the clipboard; drawn once the page runs scripts in a context that has one (the input can be copied from by hand anyway). */
function CopyButton({ text }: { text: string }) {
  const [usable, setUsable] = useState(false)
  const [copied, setCopied] = useState(false)
  useEffect(() => setUsable(Boolean(navigator.clipboard)), [])
  if (!usable) return null
  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
      toast.success('Link copied')
    } catch {
      toast.error('Could not copy: select the link and copy it yourself')
    }
  }
  return (
    <Button type="button" variant="outline" onClick={copy}>
      {copied ? 'Copied' : 'Copy'}
    </Button>
  )
}

/** The answer to "Send a password reset": e-mailed, or the link to pass on (and why). */
export interface ResetSent {
  id: string
  email: string
  emailed: boolean
  link: string | null
  sendFailed: boolean
}

export const twoFactorOffQuestion = (admin: { email: string; displayName: string | null }): Question => ({
  title: `Turn off two-factor sign-in for ${nameOf(admin)}?`,
  consequence:
    'For someone who lost their phone and their recovery codes. Their authenticator secret and recovery codes are deleted and every session of theirs ends now, so they sign in again with their password. They can set two-factor sign-in up again on their Account tab.',
  confirm: 'Turn off two-factor',
})

/**
 * One admin's name, password and second factor, for an Owner. Opened by the row's Manage link (an
 * address of its own, so it works without scripts); the focus moves to it when it opens.
 */
export function ManagePanel({
  admin,
  self,
  mailServer,
  submitted,
  resetSent,
}: {
  admin: Admin
  self: boolean
  mailServer: boolean
  submitted?: Submitted<Record<string, string>>
  resetSent: ResetSent | null
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [admin.id])
  const who = nameOf(admin)
  return (
    <Card className="mt-6 max-w-2xl" role="region" aria-labelledby="manage-heading" data-testid="manage-panel">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1.5">
          <CardTitle id="manage-heading" ref={heading} tabIndex={-1} className="break-words outline-none">
            Manage {who}
          </CardTitle>
          <CardDescription className="break-all">{admin.email}</CardDescription>
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link to={PEOPLE_PATH}>Close</Link>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-6">
        <DisplayNameForm admin={admin} submitted={submitted} />
        {self ? (
          // An Owner's own password and second factor change only with their current password.
          <p className="border-t pt-5 text-sm text-muted-foreground">
            Your own password and two-factor sign-in are on your{' '}
            <Link to="/admin/settings" className="font-medium text-primary underline underline-offset-4">
              Account tab in Settings
            </Link>
            , where changing them asks for your current password.
          </p>
        ) : (
          <>
            <section aria-labelledby="manage-password" className="grid gap-3 border-t pt-5">
              <h3 id="manage-password" className="font-semibold">
                Password
              </h3>
              <ResetForm admin={admin} mailServer={mailServer} resetSent={resetSent} />
            </section>
            <section aria-labelledby="manage-two-factor" className="grid gap-3 border-t pt-5">
              <h3 id="manage-two-factor" className="flex items-center gap-2 font-semibold">
                Two-factor sign-in <Badge variant={admin.twoFactor ? 'success' : 'muted'}>{admin.twoFactor ? 'On' : 'Off'}</Badge>
              </h3>
              <TwoFactorOff admin={admin} />
            </section>
          </>
        )}
      </CardContent>
    </Card>
  )
}

function DisplayNameForm({ admin, submitted }: { admin: Admin; submitted?: Submitted<Record<string, string>> }) {
  const saving = useSending('rename', admin.id)
  const { errors, formProps } = useEditorForm((form) => displayNameSchema.safeParse(formText(form, ['displayName'])), submitted)
  return (
    // A new key per saved name: the field shows what was stored once the save has come back.
    <Form key={admin.displayName ?? ''} method="post" {...formProps} className="grid gap-3">
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="id" value={admin.id} />
      <FormField
        label="Display name"
        name="displayName"
        autoComplete="off"
        optional
        defaultValue={submitted?.values.displayName ?? admin.displayName ?? ''}
        error={errors.displayName}
        hint="Shown in People and the activity log beside their e-mail. Leave it empty to show the e-mail alone."
      />
      <div>
        <Button type="submit" variant="outline" disabled={saving}>
          {saving ? 'Saving...' : 'Save display name'}
        </Button>
      </div>
    </Form>
  )
}

function ResetForm({ admin, mailServer, resetSent }: { admin: Admin; mailServer: boolean; resetSent: ResetSent | null }) {
  const sending = useSending('send-reset', admin.id)
  return (
    <>
      <p className="text-sm text-muted-foreground">
        {mailServer
          ? 'E-mails them a link to choose a new password.'
          : 'This server does not send e-mail, so you get a link to pass on to them yourself.'}{' '}
        It works once, for 30 minutes. Their password stays as it is until they use it; then every session of theirs ends.
      </p>
      {resetSent && <ResetNote sent={resetSent} />}
      <Form method="post">
        <input type="hidden" name="id" value={admin.id} />
        <Button type="submit" name="intent" value="send-reset" variant="outline" disabled={sending}>
          {sending ? 'Sending...' : 'Send a password reset'}
        </Button>
      </Form>
    </>
  )
}

/** Never "sent" unless the mail server took it; otherwise the link, which is not shown again. */
function ResetNote({ sent }: { sent: ResetSent }) {
  if (sent.emailed || !sent.link) {
    return (
      <Alert role="status" data-testid="reset-sent">
        Password reset sent to <span className="font-semibold">{sent.email}</span>. The link in it works once, for 30 minutes.
      </Alert>
    )
  }
  return (
    <LinkToPassOn inputId="reset-link-input" label={`Password reset link for ${sent.email}`} link={sent.link} testId="reset-link">
      {sent.sendFailed ? 'The e-mail could not be sent. ' : ''}Send this link to <span className="font-semibold">{sent.email}</span>{' '}
      yourself. It works once, for 30 minutes, and is not shown again.
    </LinkToPassOn>
  )
}

function TwoFactorOff({ admin }: { admin: Admin }) {
  const sending = useSending('turn-off-two-factor', admin.id)
  if (!admin.twoFactor)
    return (
      <p className="text-sm text-muted-foreground">They sign in with their password alone. They can turn it on from their Account tab.</p>
    )
  return (
    <>
      <p className="text-sm text-muted-foreground">
        If they lost their phone and their recovery codes, turn it off: every session of theirs ends, and they sign in again with their
        password.
      </p>
      <div>
        <AskFirst fields={{ intent: 'turn-off-two-factor', id: admin.id }} question={twoFactorOffQuestion(admin)}>
          <Button type="submit" variant="destructive" disabled={sending}>
            {sending ? 'Turning off...' : 'Turn off two-factor'}
          </Button>
        </AskFirst>
      </div>
    </>
  )
}
