import { Copy, Link2, Link2Off, RefreshCw } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { useFetcher, useRouteLoaderData } from 'react-router'
import { toast } from 'sonner'
import { copyText } from '~/components/admin/copy-text'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input, Label } from '~/components/ui/input'
import { formatDateTime } from '~/lib/dates'
import { useTimeZone } from '~/lib/use-time-zone'
import type { SharePreviewAnswer, SharePreviewIntent } from '~/server/http/post-preview-links.server'
import type { PreviewLink } from '~/server/services/post-preview-links.server'

/** The query the card posts to on the post editor's own address, which tells its action from a save of the form. */
export const SHARE_PREVIEW_ACTION = 'share-preview'

const doneMessages: Record<SharePreviewIntent, string> = {
  share: 'Preview link ready',
  stop: 'Preview links stopped',
}

/**
 * Sharing a saved draft or scheduled post with someone without an account, like Ghost: a link that
 * works for 7 days, shown to copy, and "Stop sharing", which turns off every link made for the post.
 * It sits inside the editor's form, so its buttons post through a fetcher, never the form.
 */
export function SharePreview({ action, link }: { action: string; link: PreviewLink | null }) {
  const fetcher = useFetcher<SharePreviewAnswer>()
  const timeZone = useTimeZone()
  const siteUrl = (useRouteLoaderData('root') as { siteUrl: string } | undefined)?.siteUrl ?? ''
  const fieldRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const busy = fetcher.state !== 'idle'
  const asked = fetcher.formData?.get('intent')

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    if ('error' in fetcher.data) toast.error(fetcher.data.error)
    else toast.success(doneMessages[fetcher.data.done])
  }, [fetcher.state, fetcher.data])

  const ask = (intent: SharePreviewIntent) => fetcher.submit({ intent }, { method: 'post', action })

  const copy = (address: string) =>
    copyText(address, fieldRef.current, { copied: 'Link copied', byHand: 'Press Ctrl+C (⌘C on a Mac) to copy the selected link' })

  const address = link && `${siteUrl}${link.path}`
  return (
    <Card data-testid="share-preview">
      <CardHeader>
        <CardTitle className="text-base">Share preview</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {address && link ? (
          <>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-link`}>Preview link</Label>
              <Input
                ref={fieldRef}
                id={`${id}-link`}
                readOnly
                value={address}
                aria-describedby={`${id}-until`}
                onFocus={(event) => event.currentTarget.select()}
                className="font-mono text-xs"
                data-testid="preview-link"
              />
              <p id={`${id}-until`} className="text-sm text-muted-foreground">
                Works until {formatDateTime(link.expiresAt, timeZone)} for anyone with the link.
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="button" onClick={() => copy(address)}>
                <Copy aria-hidden />
                Copy link
              </Button>
              <Button type="button" variant="outline" disabled={busy} onClick={() => ask('share')}>
                <RefreshCw aria-hidden />
                {busy && asked === 'share' ? 'Making a link…' : 'New link for 7 days'}
              </Button>
              <Button type="button" variant="ghost" disabled={busy} onClick={() => ask('stop')}>
                <Link2Off aria-hidden />
                {busy && asked === 'stop' ? 'Stopping…' : 'Stop sharing'}
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              Make a link that lets anyone read this post as last saved, without signing in. It works for 7 days.
            </p>
            <Button type="button" variant="outline" className="justify-self-start" disabled={busy} onClick={() => ask('share')}>
              <Link2 aria-hidden />
              {busy ? 'Making a link…' : 'Share preview'}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  )
}
