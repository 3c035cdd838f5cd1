import { Search } from 'lucide-react'
import { BLOG_PATH } from '~/lib/blog-links'
import { Button } from '../ui/button'
import { Input } from '../ui/input'

/**
 * The blog's search box: a GET form, which without JavaScript is the whole search. With it, the
 * list follows the typing after a short pause (blog-list.enhance.ts).
 */
export function BlogSearch({ search, tag }: { search: string; tag: string }) {
  return (
    <form method="get" action={BLOG_PATH} role="search" className="flex gap-2">
      <div className="relative flex-1">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          name="q"
          aria-label="Search articles"
          placeholder="Search articles..."
          defaultValue={search}
          maxLength={100}
          autoComplete="off"
          className="h-11 pl-9"
        />
      </div>
      {tag && <input type="hidden" name="tag" value={tag} />}
      <Button type="submit" variant="outline" className="h-11">
        Search
      </Button>
    </form>
  )
}
