import type * as React from 'react'
import { useNavigate } from 'react-router'
import { DayRangeFields, FilterForm } from '~/components/admin/filter-form'
import { NativeSelect } from '~/components/admin/native-select'
import { Field } from '~/components/ui/form-field'
import { Input } from '~/components/ui/input'
import {
  inboxQuery,
  isFiltered,
  leadKindLabels,
  leadKinds,
  leadStatusLabels,
  leadStatuses,
  MAX_SEARCH_LENGTH,
  readInboxQuery,
  type InboxFilter,
} from '~/lib/leads'

/**
 * The inbox's filters: a plain GET form, so a filtered inbox is a link that survives a reload and
 * works without JavaScript. With JavaScript the empty fields are left out of the address.
 */
export function InboxFilters({ filter, path }: { filter: InboxFilter; path: string }) {
  const navigate = useNavigate()
  const filtered = isFiltered(filter)

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const fields = new URLSearchParams()
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string') fields.set(name, value)
    navigate(`${path}${inboxQuery(readInboxQuery(fields).filter)}`)
  }

  return (
    <FilterForm
      label="Filter leads"
      path={path}
      query={inboxQuery(filter)}
      filtered={filtered}
      onSubmit={submit}
      className="grid grid-cols-2 items-end gap-3 lg:grid-cols-4"
      actionsClassName="col-span-2"
    >
      <Field label="Search" name="q" className="col-span-2 min-w-0">
        {(control) => (
          <Input
            {...control}
            type="search"
            defaultValue={filter.q ?? ''}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="Name, e-mail, business or message"
          />
        )}
      </Field>
      <Field label="Status" name="status" className="min-w-0">
        {(control) => (
          <NativeSelect {...control} defaultValue={filter.status ?? ''}>
            <option value="">All but spam</option>
            {leadStatuses.map((status) => (
              <option key={status} value={status}>
                {leadStatusLabels[status]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Type" name="kind" className="min-w-0">
        {(control) => (
          <NativeSelect {...control} defaultValue={filter.kind ?? ''}>
            <option value="">All types</option>
            {leadKinds.map((kind) => (
              <option key={kind} value={kind}>
                {leadKindLabels[kind]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <DayRangeFields from={filter.from} to={filter.to} labels={['Received from', 'Received to']} />
    </FilterForm>
  )
}
