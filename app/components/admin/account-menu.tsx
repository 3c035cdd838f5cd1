import { ChevronDown } from 'lucide-react'
import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/utils'

const ACCOUNT_MENU_ID = 'account-menu'

/**
 * Who is signed in, and the way out. From `sm` up both sit in the header line; on a phone they fold
 * into a panel that the round initial opens. The panel is a native popover, so it opens, closes on
 * Escape or an outside tap and keeps keyboard order without any script. It is one element at every
 * width: the `sm:` classes lay the closed popover out inline (an author `display` beats the
 * browser's `display: none` for a closed popover), so the address and the button exist only once.
 */
function AccountMenu({ email, className, ...props }: React.ComponentProps<'div'> & { email: string }) {
  return (
    <div data-slot="account-menu" className={cn('flex items-center', className)} {...props}>
      <button
        type="button"
        popoverTarget={ACCOUNT_MENU_ID}
        aria-label="Account"
        title={email}
        className="inline-flex h-10 items-center gap-1 rounded-full pr-1.5 pl-1 outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50 sm:hidden"
      >
        <span
          aria-hidden
          className="grid size-8 place-items-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground uppercase"
        >
          {email.charAt(0)}
        </span>
        <ChevronDown
          aria-hidden
          className="size-4 text-muted-foreground transition-transform duration-200 [button:has(+:popover-open)_&]:rotate-180"
        />
      </button>
      <div
        id={ACCOUNT_MENU_ID}
        popover="auto"
        className={cn(
          // The phone's panel, under the right end of the header.
          'top-[4.25rem] right-3 bottom-auto left-auto m-0 w-[min(20rem,calc(100vw-1.5rem))] rounded-xl border bg-white p-4 text-foreground shadow-lg open:flex open:flex-col open:gap-3',
          // From sm up: the same element, laid out in the header line.
          'sm:static sm:flex sm:w-auto sm:flex-row sm:items-center sm:gap-3 sm:overflow-visible sm:rounded-none sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none',
        )}
      >
        <p className="min-w-0 text-sm">
          <span className="block text-xs text-muted-foreground sm:sr-only">Signed in as </span>
          <span data-testid="admin-email" className="block font-medium break-all sm:font-normal sm:break-normal sm:text-muted-foreground">
            {email}
          </span>
        </p>
        <Form method="post" action="/admin/logout">
          <Button type="submit" variant="outline" size="sm" className="w-full sm:w-auto">
            Sign Out
          </Button>
        </Form>
      </div>
    </div>
  )
}

export { AccountMenu }
