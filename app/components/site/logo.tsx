import { cn } from '~/lib/utils'

export function Logo({ siteName, className }: { siteName: string; className?: string }) {
  return (
    <a
      href="/"
      className={cn(
        'flex items-center gap-2 rounded-md font-display text-lg font-semibold tracking-tight outline-none focus-visible:ring-3 focus-visible:ring-ring/50',
        className,
      )}
    >
      <img src="/brand/logo-mark.svg" alt="" width={32} height={32} className="size-8" />
      <span>{siteName}</span>
    </a>
  )
}
