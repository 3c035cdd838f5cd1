import { ArrowLeft, Mail, MailOpen, Reply } from 'lucide-react'
import { useEffect, useEffectEvent } from 'react'
import { data, Form, Link, useFetcher, useNavigation, useSubmit, type ShouldRevalidateFunction } from 'react-router'
import { toast } from 'sonner'
import { z } from '~/lib/zod'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { ConfirmDeleteButton } from '~/components/admin/confirm-delete'
import { LeadEvidence } from '~/components/admin/lead-evidence'
import { LeadHistory } from '~/components/admin/lead-history'
import { LeadStatusBadge } from '~/components/admin/lead-status-badge'
import { NativeSelect } from '~/components/admin/native-select'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { DateTime } from '~/components/ui/date-time'
import { Field, FormField } from '~/components/ui/form-field'
import { formText } from '~/lib/form-text'
import { leadNoteSchema, leadStatusLabels, leadStatusSchema, leadStatuses, MAX_NOTE_LENGTH } from '~/lib/leads'
import { pageTitle } from '~/lib/seo'
import type { LoadContext } from '~/server/services/load-context.server'
import { requireUser } from '~/server/services/auth.server'
import { listAnswer } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { addInquiryNote, changeInquiryStatus, eraseInquiry, getInquiry, setInquiryRead } from '~/server/repositories/inquiries.server'
import { leadHistory } from '~/server/repositories/lead-history.server'
import { redirectWithToast } from '~/server/http/toast.server'
import type { Route } from './+types/inbox-message'
import { logger } from '~/server/log.server'

const INBOX_PATH = '/admin/inbox'
const notFound = { type: 'error', title: 'Message not found' } as const

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  { title: pageTitle(matches, loaderData ? `Message from ${loaderData.inquiry.name}` : 'Message') },
]

export async function loader({ request, context, params, pattern }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  const inquiry = await getInquiry(context.db, params.id)
  if (!inquiry) throw await redirectWithToast(context, INBOX_PATH, notFound)
  return { inquiry, history: await leadHistory(context.db, inquiry.id) }
}

const intentSchema = z.enum(['read', 'unread', 'status', 'note', 'delete'])
type Intent = z.infer<typeof intentSchema>

const failures: Record<Intent, string> = {
  read: 'Failed to update message',
  unread: 'Failed to update message',
  status: 'Failed to change the status',
  note: 'Failed to add the note',
  delete: 'Failed to delete message',
}

// Opening a message changes nothing by itself: the page posts 'read' (a fetcher on open, or the
// button without JavaScript), so no GET ever changes data.
export async function action({ request, context, params, pattern }: Route.ActionArgs) {
  const user = await requireUser({ request, context, pattern })
  const form = await readForm(request)
  const intent = intentSchema.safeParse(form.get('intent'))
  if (!intent.success) return listAnswer({ type: 'error', title: 'That action is not available for messages' })
  try {
    switch (intent.data) {
      case 'delete':
        return await erase(context, params.id, user.email)
      case 'status':
        return await changeStatus(context, params.id, form, user.email)
      case 'note':
        return await addNote(context, params.id, form, user.email)
      default:
        return await markRead(context, params.id, intent.data === 'read')
    }
  } catch (error) {
    logger.error({ err: error }, `Message ${intent.data} failed for ${params.id}`)
    return listAnswer({ type: 'error', title: failures[intent.data] }, 500)
  }
}

/** A refused status or note form: its message at its field (and as a toast), the note as typed. */
function refuseField(field: 'status' | 'note', message: string, status: number, note?: string) {
  return data({ toast: { type: 'error' as const, title: message }, field, note }, { status })
}

async function markRead(context: LoadContext, id: string, read: boolean) {
  if (!(await setInquiryRead(context.db, id, read))) return listAnswer(notFound, 404)
  // Marking unread means "deal with it later": back to the list, where it stands out again.
  if (!read) return redirectWithToast(context, INBOX_PATH, { type: 'success', title: 'Marked as unread' })
  return { ok: true }
}

async function changeStatus(context: LoadContext, id: string, form: FormData, authorEmail: string) {
  const parsed = leadStatusSchema.safeParse(formText(form, ['status', 'shownStatus']))
  if (!parsed.success) return refuseField('status', parsed.error.issues[0]!.message, 400)
  const { status: to, shownStatus: shown } = parsed.data
  const result = await changeInquiryStatus(context.db, id, { shown, to, authorEmail })
  const here = `${INBOX_PATH}/${id}`
  switch (result.outcome) {
    case 'gone':
      return redirectWithToast(context, INBOX_PATH, notFound)
    case 'stale': {
      const now = leadStatusLabels[result.status]
      return refuseField(
        'status',
        `Someone else changed this lead to ${now} after you opened it, so it stays ${now}. Choose again if it should still change.`,
        409,
      )
    }
    case 'unchanged':
      return redirectWithToast(context, here, { type: 'success', title: `The status is already ${leadStatusLabels[to]}` })
    case 'saved':
      return redirectWithToast(context, here, { type: 'success', title: `Status changed to ${leadStatusLabels[to]}` })
  }
}

async function addNote(context: LoadContext, id: string, form: FormData, authorEmail: string) {
  const { note } = formText(form, ['note'])
  const parsed = leadNoteSchema.safeParse({ note })
  if (!parsed.success) return refuseField('note', parsed.error.issues[0]!.message, 400, note)
  if ((await addInquiryNote(context.db, id, { text: parsed.data.note, authorEmail })) === 'gone')
    return redirectWithToast(context, INBOX_PATH, notFound)
  return redirectWithToast(context, `${INBOX_PATH}/${id}`, { type: 'success', title: 'Note added' })
}

// Erasing answers a privacy request, so it applies whatever changed since the page was opened.
async function erase(context: LoadContext, id: string, by: string) {
  if (!(await eraseInquiry(context.db, id, by))) return redirectWithToast(context, INBOX_PATH, notFound)
  return redirectWithToast(context, INBOX_PATH, { type: 'success', title: 'Message deleted successfully' })
}

/** A status change refused as stale reloads the page's data, so the form shows the status as it now is. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate

export default function InboxMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { inquiry, history } = loaderData
  const markRead = useFetcher<typeof action>()
  const navigation = useNavigation()
  const submit = useSubmit()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const read = inquiry.readAt !== null || markRead.state !== 'idle'
  const refused = actionData && 'field' in actionData ? actionData : undefined

  useRefusalToast(markRead.data)
  useRefusalToast(actionData)

  // Opening a message reads it: posted once per message (not on every render), without a navigation.
  const readOnOpening = useEffectEvent(() => {
    if (inquiry.readAt === null) markRead.submit({ intent: 'read' }, { method: 'post' })
  })
  useEffect(() => readOnOpening(), [inquiry.id])

  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={INBOX_PATH}>
          <ArrowLeft aria-hidden />
          Back to Inbox
        </Link>
      </Button>
      <div className="mt-2 grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={inquiry.kind === 'contact' ? 'default' : 'success'}>{inquiry.kindLabel}</Badge>
              <LeadStatusBadge data-testid="lead-status" status={inquiry.status} />
              <span role="status" data-testid="read-state">
                <Badge variant={read ? 'muted' : 'warning'}>{read ? 'Read' : 'Unread'}</Badge>
              </span>
            </div>
            <h1 className="mt-2 text-2xl font-bold break-words">{inquiry.name}</h1>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Email</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere]">
                <a href={`mailto:${inquiry.email}`} className="font-medium text-primary underline underline-offset-4">
                  {inquiry.email}
                </a>
              </dd>
              <dt className="text-muted-foreground">Business</dt>
              <dd>{inquiry.business ?? 'Not given'}</dd>
              <dt className="text-muted-foreground">Received</dt>
              <dd>
                <DateTime iso={inquiry.createdAt} />
              </dd>
              <LeadEvidence lead={inquiry} />
            </dl>
          </CardHeader>
          <CardContent>
            <h2 className="sr-only">Message</h2>
            {inquiry.message ? (
              <p data-testid="message-body" className="rounded-lg bg-muted/60 p-4 whitespace-pre-wrap break-words">
                {inquiry.message}
              </p>
            ) : (
              <p className="rounded-lg bg-muted/60 p-4 text-muted-foreground italic">
                Asked for the Free AI Playbook; playbook requests carry no message.
              </p>
            )}
            <div className="mt-6 flex flex-wrap items-center gap-2">
              <Button asChild>
                <a href={`mailto:${inquiry.email}`}>
                  <Reply aria-hidden />
                  Reply by e-mail
                </a>
              </Button>
              <Form method="post">
                <Button type="submit" name="intent" value={read ? 'unread' : 'read'} variant="outline" disabled={busy}>
                  {read ? <Mail aria-hidden /> : <MailOpen aria-hidden />}
                  {read ? 'Mark as unread' : 'Mark as read'}
                </Button>
              </Form>
              <ConfirmDeleteButton
                question="Are you sure you want to delete this message?"
                itemName={`message from ${inquiry.name}`}
                consequence={`The message from ${inquiry.name}, its notes and its history will be erased for good, as a privacy request asks. This cannot be undone.`}
                disabled={busy}
                onConfirm={() => submit({ intent: 'delete' }, { method: 'post' })}
              />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Pipeline</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-6">
            {/* Keyed by the status, so the select shows the stored one again after any change. */}
            <Form key={inquiry.status} method="post">
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="shownStatus" value={inquiry.status} />
              <Field label="Status" name="status" error={refused?.field === 'status' ? refused.toast.title : undefined}>
                {(control) => (
                  <div className="flex gap-2">
                    <NativeSelect {...control} defaultValue={inquiry.status} className="min-w-0 flex-1">
                      {leadStatuses.map((status) => (
                        <option key={status} value={status}>
                          {leadStatusLabels[status]}
                        </option>
                      ))}
                    </NativeSelect>
                    <Button type="submit" variant="outline" disabled={busy}>
                      Change status
                    </Button>
                  </div>
                )}
              </Field>
            </Form>

            {/* Keyed by the newest entry, so the box empties once its note is in the history. */}
            <Form key={history[0]?.id ?? 'none'} method="post" className="grid gap-2">
              <input type="hidden" name="intent" value="note" />
              <FormField
                label="Note"
                name="note"
                multiline
                rows={3}
                required
                maxLength={MAX_NOTE_LENGTH}
                defaultValue={refused?.note}
                error={refused?.field === 'note' ? refused.toast.title : undefined}
                hint="Only admins see notes. They are erased with the lead."
                controlClassName="min-h-24"
              />
              <Button type="submit" disabled={busy} className="justify-self-start">
                Add note
              </Button>
            </Form>

            <section aria-labelledby="history-heading">
              <h3 id="history-heading" className="mb-4 text-base font-semibold">
                History
              </h3>
              <LeadHistory entries={history} receivedAt={inquiry.createdAt} />
            </section>
          </CardContent>
        </Card>
      </div>
    </>
  )
}

/** A refused action's toast comes back with its answer (from a button or the fetcher) and shows here. */
function useRefusalToast(answer: { ok?: boolean; toast?: { title: string } } | undefined) {
  useEffect(() => {
    if (answer?.toast) toast.error(answer.toast.title)
  }, [answer])
}

export const ErrorBoundary = adminErrorBoundary('Error loading the message')
