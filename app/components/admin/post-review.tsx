import { useEffect, useState } from 'react'
import { type ListAnswer, useListFetcher } from '~/components/admin/use-list-fetcher'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '~/components/ui/alert-dialog'
import { Button } from '~/components/ui/button'
import { DateTime } from '~/components/ui/date-time'
import { FormField } from '~/components/ui/form-field'
import { type PostReview, reviewerName, SENT_BACK_NOTE_MAX, sendBackSchema } from '~/lib/post-review'
import { fieldErrors } from '~/lib/schemas'
import { cn } from '~/lib/utils'

/*
 * The review of an Author's post on screen: who asked for it and when, or who sent it back and
 * their note (the post list, the dashboard, the editor), and the Send back dialog of Editors and
 * Owners.
 */

/**
 * Where a post stands in review, in words. `brief` (a list row) keeps the note to a few lines and
 * leaves out when it was sent back; the editor shows it whole.
 */
export function ReviewStatus({ review, brief = false, className }: { review: PostReview; brief?: boolean; className?: string }) {
  const { requestedAt, sentBack } = review
  if (!requestedAt && !sentBack) return null
  return (
    <div className={cn('grid gap-1', className)}>
      {requestedAt && (
        <p data-testid="review-requested">
          Review requested by {reviewerName(review.requestedBy)}, <DateTime iso={requestedAt} />
        </p>
      )}
      {sentBack &&
        (brief ? (
          <p data-testid="sent-back" className="line-clamp-3 break-words" title={sentBack.note}>
            Sent back by {reviewerName(sentBack.by)}: {sentBack.note}
          </p>
        ) : (
          <div data-testid="sent-back" className="grid gap-1">
            <p>
              Sent back by {reviewerName(sentBack.by)}, <DateTime iso={sentBack.at} />:
            </p>
            <blockquote className="border-l-4 border-amber-300 pl-3 break-words whitespace-pre-line">{sentBack.note}</blockquote>
          </div>
        ))}
    </div>
  )
}

type SendBackAnswer = Partial<ListAnswer> & { errors?: { note?: string } }

/** The dialog's one field; only one dialog is open at a time, so its id is the page's only one. */
const focusNote = () => document.getElementById('field-note')?.focus()

/**
 * Send back, for a post waiting for review: a dialog asks for the note to its Author (checked here
 * and again by the post list's action, which it posts to from the list and the editor alike). Kept
 * mounted once the post has left review (`offered` false draws nothing), so the answer's toast
 * still shows.
 */
export function SendBack({ post, offered }: { post: { id: string; version: string; title: string }; offered: boolean }) {
  const fetcher = useListFetcher<SendBackAnswer>()
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const answer = fetcher.data
  useEffect(() => {
    // An answer without field errors (sent back, or refused with a toast) ends the dialog.
    if (answer && !answer.errors) setOpen(false)
  }, [answer])
  if (!offered) return null
  const shownError = error ?? (fetcher.state === 'idle' ? answer?.errors?.note : undefined)
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        setError(undefined)
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm">
          Send back
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        // The note is what the dialog asks for, so it has the focus (an alert dialog's would be Cancel).
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          focusNote()
        }}
      >
        <fetcher.Form
          method="post"
          action="/admin/blog"
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            const checked = sendBackSchema.safeParse({ note: new FormData(event.currentTarget).get('note') })
            setError(checked.success ? undefined : fieldErrors(checked.error).note)
            if (!checked.success) {
              event.preventDefault()
              focusNote()
            }
          }}
        >
          <AlertDialogTitle>Send “{post.title}” back to its author?</AlertDialogTitle>
          <AlertDialogDescription>
            It leaves review and is a draft again. The author sees your note in the post list and the editor, and gets it by e-mail when the
            site sends mail.
          </AlertDialogDescription>
          <input type="hidden" name="id" value={post.id} />
          <input type="hidden" name="version" value={post.version} />
          <FormField
            label="Note for the author"
            name="note"
            multiline
            rows={5}
            maxLength={SENT_BACK_NOTE_MAX}
            error={shownError}
            hint={`What to change before it is published. Up to ${SENT_BACK_NOTE_MAX.toLocaleString('en-US')} characters.`}
          />
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" name="intent" value="send-back" disabled={fetcher.state !== 'idle'}>
              Send back
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  )
}
