import { ArrowLeft, Mail, MailOpen, Reply } from 'lucide-react'
import { useEffect } from 'react'
import { Form, Link, useFetcher, useNavigation, useSubmit } from 'react-router'
import { toast } from 'sonner'
import { z } from '~/lib/zod'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { ConfirmDeleteButton } from '~/components/admin/confirm-delete'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader } from '~/components/ui/card'
import { pageTitle } from '~/lib/seo'
import type { LoadContext } from '~/load-context'
import { requireUser } from '~/server/services/auth.server'
import { listAnswer } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { deleteInquiry, getInquiry, setInquiryRead } from '~/server/repositories/inquiries.server'
import { redirectWithToast } from '~/server/http/toast.server'
import type { Route } from './+types/inbox-message'

const INBOX_PATH = '/admin/inbox'
const notFound = { type: 'error', title: 'Message not found' } as const

const receivedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  { title: pageTitle(matches, loaderData ? `Message from ${loaderData.inquiry.name}` : 'Message') },
]

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context)
  const inquiry = await getInquiry(context.db, params.id)
  if (!inquiry) throw await redirectWithToast(context, INBOX_PATH, notFound)
  return { inquiry }
}

const intentSchema = z.enum(['read', 'unread', 'delete'])

// Opening a message changes nothing by itself: the page posts 'read' (a fetcher on open, or the
// button without JavaScript), so no GET ever changes data.
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context)
  const intent = intentSchema.safeParse((await readForm(request)).get('intent'))
  if (!intent.success) return listAnswer({ type: 'error', title: 'That action is not available for messages' })
  try {
    return await (intent.data === 'delete' ? remove(context, params.id) : markRead(context, params.id, intent.data === 'read'))
  } catch (error) {
    console.error(`Message ${intent.data} failed for ${params.id}:`, error)
    return listAnswer({ type: 'error', title: intent.data === 'delete' ? 'Failed to delete message' : 'Failed to update message' }, 500)
  }
}

async function markRead(context: LoadContext, id: string, read: boolean) {
  if (!(await setInquiryRead(context.db, id, read))) return listAnswer(notFound, 404)
  // Marking unread means "deal with it later": back to the list, where it stands out again.
  if (!read) return redirectWithToast(context, INBOX_PATH, { type: 'success', title: 'Marked as unread' })
  return { ok: true }
}

async function remove(context: LoadContext, id: string) {
  if (!(await deleteInquiry(context.db, id))) return redirectWithToast(context, INBOX_PATH, notFound)
  return redirectWithToast(context, INBOX_PATH, { type: 'success', title: 'Message deleted successfully' })
}

export default function InboxMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { inquiry } = loaderData
  const markRead = useFetcher<typeof action>()
  const navigation = useNavigation()
  const submit = useSubmit()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const read = inquiry.read_at !== null || markRead.state !== 'idle'

  useRefusalToast(markRead.data)
  useRefusalToast(actionData)

  // Opening a message reads it: posted once per message (not on every render), without a navigation.
  useEffect(() => {
    if (inquiry.read_at === null) markRead.submit({ intent: 'read' }, { method: 'post' })
  }, [inquiry.id])

  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={INBOX_PATH}>
          <ArrowLeft aria-hidden />
          Back to Inbox
        </Link>
      </Button>
      <Card className="mt-2 max-w-3xl">
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={inquiry.kind === 'contact' ? 'default' : 'success'}>{inquiry.kindLabel}</Badge>
            <span role="status" data-testid="read-state">
              <Badge variant={read ? 'muted' : 'warning'}>{read ? 'Read' : 'Unread'}</Badge>
            </span>
          </div>
          <h1 className="mt-2 text-2xl font-bold break-words">{inquiry.name}</h1>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Email</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              <a href={`mailto:${inquiry.email}`} className="font-medium text-primary underline-offset-4 hover:underline">
                {inquiry.email}
              </a>
            </dd>
            <dt className="text-muted-foreground">Business</dt>
            <dd>{inquiry.business ?? 'Not given'}</dd>
            <dt className="text-muted-foreground">Received</dt>
            <dd>
              <time dateTime={inquiry.created_at}>{receivedAt.format(new Date(inquiry.created_at))} UTC</time>
            </dd>
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
              consequence={`The message from ${inquiry.name} will be removed for good. This cannot be undone.`}
              disabled={busy}
              onConfirm={() => submit({ intent: 'delete' }, { method: 'post' })}
            />
          </div>
        </CardContent>
      </Card>
    </>
  )
}

/** A refused action's toast comes back with its answer (from a button or the fetcher) and shows here. */
function useRefusalToast(answer: { ok: boolean; toast?: { title: string } } | undefined) {
  useEffect(() => {
    if (answer?.toast) toast.error(answer.toast.title)
  }, [answer])
}

export const ErrorBoundary = adminErrorBoundary('Error loading the message')
