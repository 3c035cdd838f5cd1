import { tagHref } from '~/lib/blog-links'
import { cn } from '~/lib/utils'
import { badgeVariants } from '../ui/badge'

/** A post's tags, each linking to the blog list filtered by it. */
export function TagList({ tags, className }: { tags: string[]; className?: string }) {
  return (
    <ul aria-label="Tags" className={cn('flex flex-wrap gap-2', className)}>
      {tags.map((tag) => (
        <li key={tag}>
          <a
            href={tagHref(tag)}
            className={cn(badgeVariants(), 'py-1 outline-none hover:bg-navy-200 focus-visible:ring-3 focus-visible:ring-ring/60')}
          >
            {tag}
          </a>
        </li>
      ))}
    </ul>
  )
}
