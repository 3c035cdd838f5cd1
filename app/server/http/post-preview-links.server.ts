import { data } from 'react-router'
import { authorPostRefusal } from '~/lib/admin-access'
import { readForm } from '~/server/http/form-data.server'
import { type AdminRequest, requireUser } from '~/server/services/auth.server'
import type { LoadContext } from '~/server/services/load-context.server'
import { sharePreview, type SharingRefusal, stopSharingPreview } from '~/server/services/post-preview-links.server'

/** What the control asks: a new link (valid 7 days), or every link of the post stopped. */
export type SharePreviewIntent = 'share' | 'stop'

/** The action's answer; the link itself comes with the editor's data, which reloads after it. */
export type SharePreviewAnswer = { done: SharePreviewIntent } | { error: string }

const refusals: Record<SharingRefusal['refusal'], { error: string; status: number }> = {
  missing: { error: 'This post no longer exists. Go back to the list and reload it.', status: 404 },
  forbidden: { error: authorPostRefusal, status: 403 },
  live: { error: 'This post is live: anyone can open its address, so there is no preview to share.', status: 409 },
}

/**
 * The post editor's Share preview control (components/admin/share-preview.tsx): a new link, or every
 * link stopped, for an admin the editor opens this post for. Each answer is JSON for its fetcher.
 */
export async function previewLinkAction(args: AdminRequest & { context: LoadContext; params: { id?: string } }) {
  const user = await requireUser(args)
  const intent = (await readForm(args.request)).get('intent')
  const postId = args.params.id ?? ''
  if ((intent !== 'share' && intent !== 'stop') || postId === '') {
    return data<SharePreviewAnswer>({ error: 'This request could not be read. Reload the page and try again.' }, { status: 400 })
  }
  const done = intent === 'share' ? await sharePreview(args.context, user, postId) : await stopSharingPreview(args.context, user, postId)
  if (typeof done === 'object' && 'refusal' in done) {
    const { error, status } = refusals[done.refusal]
    return data<SharePreviewAnswer>({ error }, { status })
  }
  return data<SharePreviewAnswer>({ done: intent })
}
