import { ArrowDown, ArrowUp, ImageUp, Images, Plus, Trash2 } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { useFetcher } from 'react-router'
import { NativeSelect } from '~/components/admin/native-select'
import { Button } from '~/components/ui/button'
import { CheckboxField } from '~/components/ui/checkbox-field'
import { Field } from '~/components/ui/form-field'
import { Input } from '~/components/ui/input'
import type { Field as FieldSpec, Fields, ImageField, ListField, ReferencesField } from '~/lib/blocks/fields'
import { fieldErrorClass } from '~/lib/field-note'
import { cn } from '~/lib/utils'
import { usePageEditor } from './editor-context'
import { type Item, type Value, emptyItem, moved } from './page-draft'

/*
 * A block's form, drawn from its fields (app/lib/blocks/fields.ts): each kind of field has one
 * control here. Controls carry no name, so the form sends the page as one JSON value, not field by
 * field; each is labelled, and its message shows under it as in every other editor.
 */

type Path = readonly (string | number)[]
export type Update = (path: Path, value: unknown) => void

const keyOf = (path: Path) => path.join('.')

export const textareaClass =
  'w-full rounded-lg border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 aria-invalid:border-destructive sm:text-sm'

/** Every field of a block (or of one list item), in the order the catalog declares them. */
export function FieldsForm({ fields, value, at, update }: { fields: Fields; value: Item; at: Path; update: Update }) {
  return (
    <div className="grid grid-cols-1 gap-5">
      {Object.entries(fields).map(([name, field]) => (
        <FieldControl key={name} field={field} value={value[name]} at={[...at, name]} update={update} />
      ))}
    </div>
  )
}

function FieldControl({ field, value, at, update }: { field: FieldSpec; value: Value | undefined; at: Path; update: Update }) {
  const { errors, touch } = usePageEditor()
  const key = keyOf(at)
  const change = (next: unknown) => {
    touch(key)
    update(at, next)
  }
  switch (field.kind) {
    case 'text':
    case 'markdown':
    case 'link': {
      const multiline = field.kind === 'markdown' || (field.kind === 'text' && field.multiline)
      return (
        <Field label={field.label} name={key} error={errors[key]} hint={field.help} optional={!field.required}>
          {({ name: _unsent, ...control }) =>
            multiline ? (
              <textarea
                {...control}
                value={String(value ?? '')}
                rows={field.kind === 'markdown' ? 10 : 3}
                maxLength={field.max}
                onChange={(event) => change(event.currentTarget.value)}
                className={cn(textareaClass, field.kind === 'markdown' && 'font-mono')}
              />
            ) : (
              <Input
                {...control}
                value={String(value ?? '')}
                maxLength={field.kind === 'link' ? 500 : field.max}
                placeholder={field.kind === 'link' ? '/contact or https://…' : undefined}
                autoComplete="off"
                onChange={(event) => change(event.currentTarget.value)}
              />
            )
          }
        </Field>
      )
    }
    case 'select':
      return (
        <Field label={field.label} name={key} error={errors[key]} hint={field.help}>
          {({ name: _unsent, ...control }) => (
            <NativeSelect {...control} value={String(value ?? '')} onChange={(event) => change(event.currentTarget.value)}>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      )
    case 'checkbox':
      return (
        <div className="grid gap-1">
          <CheckboxField label={field.label} checked={value === true} onChange={(event) => change(event.currentTarget.checked)} />
          {field.help && <p className="text-xs text-muted-foreground">{field.help}</p>}
        </div>
      )
    case 'image':
      return <ImageControl field={field} value={value as { src: string; alt: string }} at={at} update={update} />
    case 'references':
      return <ReferencesControl field={field} value={(value as string[] | undefined) ?? []} at={at} change={change} />
    case 'list':
      return <ListControl field={field} value={(value as Item[] | undefined) ?? []} at={at} update={update} />
  }
}

/** Repeated sub-forms (cards, questions, steps): each can be moved, removed, and more added up to the limit. */
function ListControl({ field, value, at, update }: { field: ListField; value: Item[]; at: Path; update: Update }) {
  const { errors, touch } = usePageEditor()
  const key = keyOf(at)
  const errorId = `field-${key}-error`
  const change = (next: Item[]) => {
    touch(key)
    update(at, next)
  }
  const itemLabel = field.itemLabel[0]!.toUpperCase() + field.itemLabel.slice(1)
  return (
    <fieldset className="grid gap-3" aria-describedby={errors[key] ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">{field.label}</legend>
      {field.help && <p className="-mt-1 text-xs text-muted-foreground">{field.help}</p>}
      <ol className="grid grid-cols-1 gap-3">
        {value.map((item, index) => {
          const own = field.namedBy ? item[field.namedBy] : undefined
          const name = (typeof own === 'string' && own.trim()) || `${itemLabel} ${index + 1}`
          return (
            <li key={item._key ?? index} className="grid gap-4 rounded-xl border bg-muted/30 p-4" data-testid="list-item">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h4 className="text-sm font-semibold">{name}</h4>
                <div className="flex gap-1">
                  <IconButton label={`Move ${name} up`} disabled={index === 0} onClick={() => change(moved(value, index, index - 1))}>
                    <ArrowUp aria-hidden />
                  </IconButton>
                  <IconButton
                    label={`Move ${name} down`}
                    disabled={index === value.length - 1}
                    onClick={() => change(moved(value, index, index + 1))}
                  >
                    <ArrowDown aria-hidden />
                  </IconButton>
                  <IconButton
                    label={`Remove ${name}`}
                    disabled={value.length <= field.min}
                    onClick={() => change(value.filter((_, other) => other !== index))}
                  >
                    <Trash2 aria-hidden />
                  </IconButton>
                </div>
              </div>
              <FieldsForm fields={field.fields} value={item} at={[...at, index]} update={update} />
            </li>
          )
        })}
      </ol>
      {errors[key] && (
        <p id={errorId} className={fieldErrorClass}>
          {errors[key]}
        </p>
      )}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={value.length >= field.max}
          onClick={() => change([...value, emptyItem(field.fields)])}
        >
          <Plus aria-hidden />
          Add {field.itemLabel}
        </Button>
      </div>
    </fieldset>
  )
}

/** Case studies chosen in order: each can be moved up or removed, and another added from those not chosen. */
function ReferencesControl({
  field,
  value,
  at,
  change,
}: {
  field: ReferencesField
  value: string[]
  at: Path
  change: (next: string[]) => void
}) {
  const { caseStudies, errors } = usePageEditor()
  const key = keyOf(at)
  const named = (id: string) => {
    const study = caseStudies.find((candidate) => candidate.id === id)
    return study ? `${study.client}: ${study.title}` : 'A deleted case study'
  }
  const left = caseStudies.filter((study) => !value.includes(study.id))
  return (
    <Field label={field.label} name={key} error={errors[key]} hint={field.help} optional>
      {({ name: _unsent, ...control }) => (
        <div className="grid gap-2">
          {value.length > 0 && (
            <ol className="grid gap-1 text-sm">
              {value.map((id, index) => (
                <li key={id} className="flex items-center justify-between gap-2 rounded-lg border bg-background py-1 pr-1 pl-3">
                  <span className="min-w-0 truncate">{named(id)}</span>
                  <span className="flex shrink-0 gap-1">
                    <IconButton
                      label={`Move ${named(id)} up`}
                      disabled={index === 0}
                      onClick={() => change(moved(value, index, index - 1))}
                    >
                      <ArrowUp aria-hidden />
                    </IconButton>
                    <IconButton label={`Remove ${named(id)}`} onClick={() => change(value.filter((other) => other !== id))}>
                      <Trash2 aria-hidden />
                    </IconButton>
                  </span>
                </li>
              ))}
            </ol>
          )}
          <NativeSelect
            {...control}
            value=""
            disabled={value.length >= field.max || left.length === 0}
            onChange={(event) => event.currentTarget.value && change([...value, event.currentTarget.value])}
          >
            <option value="">{value.length >= field.max ? `At most ${field.max}` : 'Add a case study…'}</option>
            {left.map((study) => (
              <option key={study.id} value={study.id}>
                {study.client}: {study.title}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
    </Field>
  )
}

/** What the editor's action answers to an upload: the stored image's address, or why it was refused. */
export type UploadAnswer = { uploaded: string } | { uploadError: string }

/**
 * A picture: chosen from the media library or uploaded through the media service (the editor's
 * action stores it at once and answers its address), with its alt text, which a picture needs.
 */
function ImageControl({ field, value, at, update }: { field: ImageField; value: { src: string; alt: string }; at: Path; update: Update }) {
  const { images, errors, touch } = usePageEditor()
  const key = keyOf(at)
  const fileId = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const upload = useFetcher<UploadAnswer>()
  const picture = value ?? { src: '', alt: '' }
  const change = (next: { src: string; alt: string }) => {
    touch(`${key}.src`)
    touch(`${key}.alt`)
    update(at, next)
  }
  const answered = upload.data
  useEffect(() => {
    if (answered && 'uploaded' in answered) update(at, { src: answered.uploaded, alt: '' })
    // Only a new answer sets the picture; the path and updater are the same for this control's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answered])
  const srcError = errors[`${key}.src`] ?? (answered && 'uploadError' in answered ? answered.uploadError : undefined)
  return (
    <fieldset className="grid gap-3 rounded-xl border p-4">
      <legend className="px-1 text-sm font-medium">
        {field.label}
        {!field.required && <span className="font-normal text-muted-foreground"> (optional)</span>}
      </legend>
      {picture.src ? (
        <img src={picture.src} alt="" className="max-h-40 w-fit max-w-full rounded-lg border bg-muted object-contain" />
      ) : (
        <p className="text-sm text-muted-foreground">No picture chosen.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => dialog.current?.showModal()}>
          <Images aria-hidden />
          Choose from library
        </Button>
        <label
          htmlFor={fileId}
          className="inline-flex h-8 cursor-pointer items-center gap-2 rounded-lg border border-input bg-background px-3 text-xs font-semibold hover:bg-muted has-[+input:focus-visible]:ring-3 has-[+input:focus-visible]:ring-ring/60"
        >
          <ImageUp aria-hidden className="size-4" />
          {upload.state === 'idle' ? 'Upload image' : 'Uploading…'}
        </label>
        <input
          id={fileId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          className="sr-only"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0]
            if (!file) return
            const form = new FormData()
            form.set('intent', 'upload')
            form.set('image', file)
            upload.submit(form, { method: 'post', encType: 'multipart/form-data' })
            event.currentTarget.value = ''
          }}
        />
        {picture.src && (
          <Button type="button" variant="ghost" size="sm" onClick={() => change({ src: '', alt: '' })}>
            Remove picture
          </Button>
        )}
      </div>
      {srcError && <p className={fieldErrorClass}>{srcError}</p>}
      <Field
        label="Alt text"
        name={`${key}.alt`}
        error={errors[`${key}.alt`]}
        hint="What the picture shows, in a sentence, for people who use a screen reader."
      >
        {({ name: _unsent, ...control }) => (
          <Input
            {...control}
            value={picture.alt}
            maxLength={300}
            autoComplete="off"
            onChange={(event) => change({ ...picture, alt: event.currentTarget.value })}
          />
        )}
      </Field>
      <dialog
        ref={dialog}
        aria-label="Choose a picture"
        className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-2xl border bg-card p-0 shadow-xl backdrop:bg-black/40"
      >
        <div className="flex items-center justify-between border-b p-4">
          <h3 className="font-semibold">Choose a picture</h3>
          <Button type="button" variant="ghost" size="sm" onClick={() => dialog.current?.close()}>
            Close
          </Button>
        </div>
        {images.length === 0 ? (
          <p className="p-6 text-sm text-muted-foreground">The media library is empty: upload an image instead.</p>
        ) : (
          <ul className="grid max-h-[60vh] grid-cols-2 gap-3 overflow-y-auto p-4 sm:grid-cols-3">
            {images.map((image) => (
              <li key={image.url}>
                <button
                  type="button"
                  className="grid w-full gap-1 rounded-lg border p-2 text-left text-xs hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/60 focus-visible:outline-none"
                  onClick={() => {
                    change({ src: image.url, alt: image.alt ?? '' })
                    dialog.current?.close()
                  }}
                >
                  <img src={image.url} alt="" loading="lazy" className="aspect-[4/3] w-full rounded-md bg-muted object-cover" />
                  <span className="line-clamp-2">{image.alt || 'No alt text yet'}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </dialog>
    </fieldset>
  )
}

/** A small button known by its label alone (its icon is decoration). */
export function IconButton({
  label,
  children,
  ...props
}: { label: string; children: React.ReactNode } & Omit<React.ComponentProps<typeof Button>, 'aria-label'>) {
  return (
    <Button type="button" variant="ghost" size="icon" aria-label={label} title={label} className="size-8" {...props}>
      {children}
    </Button>
  )
}
