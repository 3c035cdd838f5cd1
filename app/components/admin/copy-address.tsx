import { Link2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { copyText } from '~/components/admin/copy-text'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { cn } from '~/lib/utils'

/** Where the clipboard is out of reach (a page served over plain HTTP), the address is selected for the keyboard's copy. */
const copyByHandMessage = 'The address is selected: copy it with Ctrl+C (⌘C on a Mac)'

/**
 * Copies an image's address on the site (`/media/…`), which works pasted into a post's text as it
 * does on any page of the site. The address shows in a field beside the button when `shown` (the
 * image's editor), and in the list only when the clipboard cannot be reached, then selected for
 * copying by hand. The button comes with JavaScript; without it the editor's field can be copied.
 */
export function CopyAddress({ address, name, shown = false }: { address: string; name: string; shown?: boolean }) {
  const fieldRef = useRef<HTMLInputElement>(null)
  const [hydrated, setHydrated] = useState(false)
  const [byHand, setByHand] = useState(false)
  useEffect(() => setHydrated(true), [])
  useEffect(() => {
    if (!byHand) return
    fieldRef.current?.focus()
    fieldRef.current?.select()
  }, [byHand])

  async function copy() {
    const copied = await copyText(address, fieldRef.current, { copied: 'Address copied', byHand: copyByHandMessage })
    if (!copied) setByHand(true)
  }

  const field = (shown || byHand) && (
    <Input
      ref={fieldRef}
      readOnly
      value={address}
      aria-label={`Address of ${name}`}
      onFocus={(event) => event.currentTarget.select()}
      className={cn('font-mono text-xs', !shown && 'w-56')}
      data-testid="image-address"
    />
  )
  const button = hydrated && (
    <Button
      type="button"
      variant={shown ? 'outline' : 'ghost'}
      size={shown ? 'default' : 'icon'}
      onClick={copy}
      aria-label={shown ? undefined : `Copy address of ${name}`}
      title={shown ? undefined : 'Copy address'}
    >
      <Link2 aria-hidden />
      {shown && 'Copy address'}
    </Button>
  )
  return shown ? (
    <div className="flex gap-2">
      {field}
      {button}
    </div>
  ) : (
    <>
      {field}
      {button}
    </>
  )
}
