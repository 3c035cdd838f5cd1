import { Search } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Form, useNavigate } from 'react-router'
import { BLOG_PATH, blogListHref } from '~/lib/blog-links'
import { Button } from '../ui/button'
import { Input } from '../ui/input'

const TYPING_PAUSE_MS = 250

/**
 * The blog's search box. Without JavaScript it is a plain GET form; with it, the list follows the
 * typing after a short pause, replacing the history entry so Back leaves the blog in one step.
 */
export function BlogSearch({ search, tag }: { search: string; tag: string }) {
  const navigate = useNavigate()
  const inputRef = useRef<HTMLInputElement>(null)
  const timer = useRef<number | undefined>(undefined)

  // Back, Forward and 'Clear Search' change the term from outside; typing must not be overwritten.
  useEffect(() => {
    const input = inputRef.current
    if (input && document.activeElement !== input) input.value = search
  }, [search])
  useEffect(() => () => window.clearTimeout(timer.current), [])

  const followTyping = (event: React.ChangeEvent<HTMLInputElement>) => {
    const term = event.currentTarget.value.trim()
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => {
      void navigate(blogListHref({ search: term, tag }), { replace: true, preventScrollReset: true })
    }, TYPING_PAUSE_MS)
  }

  return (
    <Form method="get" action={BLOG_PATH} role="search" className="flex gap-2" onSubmit={() => window.clearTimeout(timer.current)}>
      <div className="relative flex-1">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          ref={inputRef}
          type="search"
          name="q"
          aria-label="Search articles"
          placeholder="Search articles..."
          defaultValue={search}
          maxLength={100}
          autoComplete="off"
          onChange={followTyping}
          className="h-11 pl-9"
        />
      </div>
      {tag && <input type="hidden" name="tag" value={tag} />}
      <Button type="submit" variant="outline" className="h-11">
        Search
      </Button>
    </Form>
  )
}
