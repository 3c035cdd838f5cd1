import { Plus, X } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '../ui/button'
import { Input, Label } from '../ui/input'

/**
 * Tags as removable chips, each sent as a hidden `tags` field. A tag is added on Enter or 'Add'
 * when it is non-empty after trimming and not already there. Without JavaScript the box
 * itself (`tagDraft`) is sent, comma-separated, and the action adds what it holds.
 */
export function TagInput({
  tags,
  onChange,
  maxLength,
  error,
}: {
  tags: string[]
  onChange: (tags: string[]) => void
  maxLength: number
  error?: string
}) {
  const id = useId()
  const [draft, setDraft] = useState('')
  const add = () => {
    const tag = draft.trim()
    if (tag && !tags.includes(tag)) onChange([...tags, tag])
    setDraft('')
  }
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-draft`}>Tags</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-draft`}
          name="tagDraft"
          value={draft}
          maxLength={maxLength}
          placeholder="Add a tag"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return
            event.preventDefault()
            add()
          }}
        />
        <Button type="button" variant="outline" onClick={add}>
          <Plus aria-hidden />
          Add
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
      {tags.length > 0 && (
        <ul aria-label="Tags on this post" className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-secondary py-1 pr-1 pl-3 text-xs font-semibold">
              {tag}
              <input type="hidden" name="tags" value={tag} />
              <button
                type="button"
                onClick={() => onChange(tags.filter((t) => t !== tag))}
                aria-label={`Remove tag ${tag}`}
                className="rounded-full p-0.5 outline-none hover:bg-indigo-100 focus-visible:ring-3 focus-visible:ring-ring/60"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
