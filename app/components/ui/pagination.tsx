import { ArrowLeft, ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { cn } from '~/lib/utils'
import { Button } from './button'

/**
 * Plain previous / next links between pages of a newest-first list; `hrefFor` builds each page's
 * address, `items` names what is listed ('posts', 'messages').
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  items,
  className,
}: {
  page: number
  pageCount: number
  hrefFor: (page: number) => string
  items: string
  className?: string
}) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Pagination" className={cn('mt-12 flex items-center justify-between gap-4', className)}>
      {page > 1 ? (
        <Button asChild variant="outline">
          <Link to={hrefFor(page - 1)} rel="prev">
            <ArrowLeft aria-hidden /> Newer {items}
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted-foreground">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Button asChild variant="outline">
          <Link to={hrefFor(page + 1)} rel="next">
            Older {items} <ArrowRight aria-hidden />
          </Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  )
}
