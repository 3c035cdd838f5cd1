import type * as React from 'react'
import { useNavigate } from 'react-router'
import { DayRangeFields, FilterForm } from '~/components/admin/filter-form'
import { NativeSelect } from '~/components/admin/native-select'
import { Field } from '~/components/ui/form-field'
import { activityKindLabels, activityQuery, type ActivityFilter, type ActivityKind } from '~/lib/activity-filter'
import type { FieldErrors } from '~/lib/schemas'

/**
 * The Activity screen's filters: a plain GET form, so a filtered log is a link that survives a reload
 * and works without JavaScript. With JavaScript the empty fields are left out of the address. A
 * filter the server could not apply comes back with its message at its field.
 */
export function ActivityFilters({
  filter,
  errors,
  people,
  path,
}: {
  filter: ActivityFilter
  errors: FieldErrors
  people: { email: string; name: string | null }[]
  path: string
}) {
  const navigate = useNavigate()
  const filtered = activityQuery(filter) !== ''
  // A person typed into the address who is not in the log still shows, so the select says what is applied.
  const listed =
    filter.person && !people.some((person) => person.email === filter.person) ? [...people, { email: filter.person, name: null }] : people

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const fields = new URLSearchParams()
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string' && value !== '') fields.set(name, value)
    const query = fields.toString()
    navigate(query ? `${path}?${query}` : path)
  }

  return (
    <FilterForm
      label="Filter activity"
      path={path}
      query={activityQuery(filter)}
      filtered={filtered}
      onSubmit={submit}
      className="grid grid-cols-2 items-start gap-3 lg:grid-cols-4"
      actionsClassName="col-span-2 lg:col-span-4"
    >
      <Field label="Person" name="person" error={errors.person} className="col-span-2 min-w-0 sm:col-span-1">
        {(control) => (
          <NativeSelect {...control} defaultValue={filter.person ?? ''}>
            <option value="">Everyone</option>
            {listed.map((person) => (
              <option key={person.email} value={person.email}>
                {person.name ? `${person.name} (${person.email})` : person.email}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Kind" name="kind" error={errors.kind} className="col-span-2 min-w-0 sm:col-span-1">
        {(control) => (
          <NativeSelect {...control} defaultValue={filter.kind ?? ''}>
            <option value="">All kinds</option>
            {(Object.keys(activityKindLabels) as ActivityKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {activityKindLabels[kind]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <DayRangeFields from={filter.from} to={filter.to} labels={['From', 'To']} errors={errors} />
    </FilterForm>
  )
}
