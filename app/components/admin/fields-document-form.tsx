import { useMemo, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import type { Fields } from '~/lib/blocks/fields'
import { pageContentErrors } from '~/lib/page-content'
import type { z } from '~/lib/zod'
import { UnsavedChangesGuard } from './unsaved-changes'
import { type LibraryImage, PageEditorContext } from './page-editor/editor-context'
import { FieldsForm } from './page-editor/field-controls'
import { type Item, setAt, withKeys, withoutKeys } from './page-editor/page-draft'

/**
 * A form for one document made of block fields (a collection's item, the menus): the page editor's
 * controls, checked with the document's schema as it is typed, sent as one JSON value (`data`) with
 * the version it was loaded at. The server's messages come back by field path and show at their fields.
 */
export function FieldsDocumentForm({
  fields,
  schema,
  initial,
  version,
  serverErrors = {},
  images = [],
  title,
  submitLabel,
}: {
  fields: Fields
  schema: z.ZodType
  initial: Record<string, unknown>
  version: string
  serverErrors?: Record<string, string>
  images?: LibraryImage[]
  title: string
  submitLabel: string
}) {
  const [value, setValue] = useState<Item>(() => withKeys(fields, initial))
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [submitted, setSubmitted] = useState(false)
  const [changed, setChanged] = useState(false)
  const saving = useNavigation().state === 'submitting'
  const sent = JSON.stringify(withoutKeys(value))
  const clientErrors = useMemo(() => {
    const parsed = schema.safeParse(JSON.parse(sent))
    return parsed.success ? {} : pageContentErrors(parsed.error)
  }, [schema, sent])
  const shared = useMemo(() => {
    const shown = Object.fromEntries(Object.entries(clientErrors).filter(([path]) => submitted || touched.has(path)))
    return {
      caseStudies: [],
      images,
      errors: { ...serverErrors, ...shown },
      touch: (path: string) => setTouched((previous) => (previous.has(path) ? previous : new Set([...previous, path]))),
    }
  }, [images, clientErrors, submitted, touched, serverErrors])
  return (
    <Form
      method="post"
      noValidate
      onSubmit={(event) => {
        setSubmitted(true)
        if (Object.keys(clientErrors).length > 0) event.preventDefault()
        else setChanged(false)
      }}
      className="mt-6 grid gap-6"
    >
      <UnsavedChangesGuard dirty={changed && !saving} />
      <input type="hidden" name="data" value={sent} />
      <input type="hidden" name="version" value={version} />
      <Card className="p-6">
        <h2 className="mb-5 text-lg font-semibold">{title}</h2>
        <PageEditorContext.Provider value={shared}>
          <FieldsForm
            fields={fields}
            value={value}
            at={[]}
            update={(path, next) => {
              setChanged(true)
              setValue((previous) => setAt(previous, path, next))
            }}
          />
        </PageEditorContext.Provider>
      </Card>
      {submitted && Object.keys(clientErrors).length > 0 && (
        <p role="alert" className="text-sm font-medium text-destructive">
          Some fields need your attention: their messages are shown beside them.
        </p>
      )}
      <Button type="submit" size="lg" className="justify-self-start" disabled={saving}>
        {saving ? 'Saving…' : submitLabel}
      </Button>
    </Form>
  )
}
