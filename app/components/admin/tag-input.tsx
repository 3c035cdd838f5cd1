import { Plus, X } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '../ui/button'
import { Input, Label } from '../ui/input'
import { withKnownSpellings } from '~/lib/tag-spelling'

/**
 * Tags as removable chips, each sent as a hidden `tags` field. A tag is added on Enter or 'Add'
 * when it is non-empty after trimming and not already there in any case; the blog's tags are
 * suggested as it is typed, and one typed in another case takes their spelling (the save does the
 * same). Without JavaScript the box itself (`tagDraft`) is sent, comma-separated, and the action
 * adds what it holds.
 */
export function TagInput({
  tags,
  suggestions = [],
  onChange,
  maxLength,
  error,
}: {
  tags: string[]
  suggestions?: string[]
  onChange: (tags: string[]) => void
  maxLength: number
  error?: string
}) {
  const id = useId()
  const [draft, setDraft] = useState('')
  const add = () => {
    onChange(withKnownSpellings([...tags, draft], suggestions))
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
          list={suggestions.length > 0 ? `${id}-known` : undefined}
          autoComplete="off"
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
      {suggestions.length > 0 && (
        <datalist id={`${id}-known`}>
          {suggestions.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
      )}
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
                className="rounded-full p-0.5 outline-none hover:bg-navy-100 focus-visible:ring-3 focus-visible:ring-ring/60"
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
