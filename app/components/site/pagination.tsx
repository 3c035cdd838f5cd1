import { ArrowLeft, ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '../ui/button'

/** Plain previous / next links between pages of a list; `hrefFor` builds each page's address. */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Pagination" className="mt-12 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Button asChild variant="outline">
          <Link to={hrefFor(page - 1)} rel="prev">
            <ArrowLeft aria-hidden /> Newer posts
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
            Older posts <ArrowRight aria-hidden />
          </Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  )
}
