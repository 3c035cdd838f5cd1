import { Search } from 'lucide-react'
import type * as React from 'react'
import { Form, Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Field } from '~/components/ui/form-field'
import { Input } from '~/components/ui/input'
import { cn } from '~/lib/utils'

/**
 * A list screen's filters: a plain GET form in a card, so a filtered list is a link that survives a
 * reload and works without JavaScript, with Filter and, once something is filtered, Clear filters.
 * Keyed by the applied query, so a link to another filter (Clear) shows its own values in the fields.
 */
export function FilterForm({
  label,
  path,
  query,
  filtered,
  onSubmit,
  className,
  actionsClassName,
  children,
}: {
  label: string
  path: string
  query: string
  filtered: boolean
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void
  className: string
  actionsClassName: string
  children: React.ReactNode
}) {
  return (
    <Card className="mt-6 p-4">
      <Form key={query} method="get" action={path} role="search" aria-label={label} onSubmit={onSubmit} className={className}>
        {children}
        <div className={cn('flex flex-wrap items-center gap-2', actionsClassName)}>
          <Button type="submit">
            <Search aria-hidden />
            Filter
          </Button>
          {filtered && (
            <Button asChild variant="ghost">
              <Link to={path}>Clear filters</Link>
            </Button>
          )}
        </div>
      </Form>
    </Card>
  )
}

/** The From and To days of a filter, each with its message when the server could not apply it. */
export function DayRangeFields({
  from,
  to,
  labels,
  errors = {},
}: {
  from?: string
  to?: string
  labels: [string, string]
  errors?: Record<string, string>
}) {
  return (
    <>
      <Field label={labels[0]} name="from" error={errors.from} className="min-w-0">
        {(control) => <Input {...control} type="date" defaultValue={from ?? ''} className="min-w-0" />}
      </Field>
      <Field label={labels[1]} name="to" error={errors.to} className="min-w-0">
        {(control) => <Input {...control} type="date" defaultValue={to ?? ''} className="min-w-0" />}
      </Field>
    </>
  )
}
