import { isSitePath, isWebAddress } from '~/lib/redirect-paths'
import { requiredText, tooLong } from '~/lib/form-fields'
import { z } from '~/lib/zod'

/*
 * The fields a block is made of. Each field is declared once, with the words its form shows, and
 * gives both the Zod schema the server and the editor check a block with and what the editor's form
 * draws for it. Every field holds plain text (or Markdown the site's sanitiser renders): no field
 * lets HTML through, and a link can only be a site path or an https:// address.
 */

interface Common {
  label: string
  /** A line under the field saying what it is for. */
  help?: string
}

export interface TextField extends Common {
  kind: 'text'
  required: boolean
  max: number
  multiline?: boolean
  /** A shape the text must have when given, and the message when it has not. */
  pattern?: { test: RegExp; message: string }
}
export interface MarkdownField extends Common {
  kind: 'markdown'
  required: boolean
  max: number
}
export interface LinkField extends Common {
  kind: 'link'
  required: boolean
}
export interface SelectField<V extends string = string> extends Common {
  kind: 'select'
  options: readonly { value: V; label: string }[]
}
export interface CheckboxField extends Common {
  kind: 'checkbox'
}
export interface ImageField extends Common {
  kind: 'image'
  required: boolean
}
export interface ReferencesField extends Common {
  kind: 'references'
  collection: 'case-studies'
  max: number
}
export interface ListField<F extends Fields = Fields> extends Common {
  kind: 'list'
  itemLabel: string
  /** The item's text field that names it in the editor ("Services" rather than "Menu 1") once it is filled in. */
  namedBy?: keyof F & string
  min: number
  max: number
  fields: F
}

export type Field = TextField | MarkdownField | LinkField | SelectField | CheckboxField | ImageField | ReferencesField | ListField

export type Fields = Readonly<Record<string, Field>>

/** A picture as a block stores it: its address and what it shows, for people who cannot see it. */
export interface Picture {
  src: string
  alt: string
}

/** What a field holds once checked. */
export type ValueOf<F> = F extends TextField | MarkdownField | LinkField
  ? string
  : F extends SelectField<infer V>
    ? V
    : F extends CheckboxField
      ? boolean
      : F extends ImageField
        ? Picture
        : F extends ReferencesField
          ? string[]
          : F extends ListField<infer S>
            ? DataOf<S>[]
            : never

/** What a set of fields holds once checked. */
export type DataOf<S extends Fields> = { -readonly [K in keyof S]: ValueOf<S[K]> }

const LINK_MAX = 500

/** Why a link is refused, or null: a path on this site or a full https:// address, never `javascript:` and the like. */
export function linkProblem(value: string): string | null {
  if (/[\s"'<>\\]/.test(value)) return 'A link cannot contain spaces, quotes or angle brackets'
  if (isSitePath(value) || /^#[a-z][a-z0-9-]*$/.test(value)) return null
  if (isWebAddress(value) && value.toLowerCase().startsWith('https://')) return null
  if (/^mailto:[^@\s]+@[^@\s]+$/i.test(value)) return null
  return 'Use a path on this site starting with / (such as /contact), a band on this page (#services), or a full https:// address'
}

export const text = (
  label: string,
  options: { max?: number; required?: boolean; multiline?: boolean; help?: string; pattern?: TextField['pattern'] } = {},
): TextField => ({
  kind: 'text',
  label,
  required: options.required ?? false,
  max: options.max ?? (options.multiline ? 1_000 : 160),
  multiline: options.multiline,
  help: options.help,
  pattern: options.pattern,
})
export const markdown = (label: string, options: { max?: number; required?: boolean; help?: string } = {}): MarkdownField => ({
  kind: 'markdown',
  label,
  required: options.required ?? true,
  max: options.max ?? 20_000,
  help: options.help,
})
export const link = (label: string, options: { required?: boolean; help?: string } = {}): LinkField => ({
  kind: 'link',
  label,
  required: options.required ?? false,
  help: options.help,
})
export const select = <const V extends string>(
  label: string,
  options: readonly { value: V; label: string }[],
  help?: string,
): SelectField<V> => ({
  kind: 'select',
  label,
  options,
  help,
})
export const checkbox = (label: string, help?: string): CheckboxField => ({ kind: 'checkbox', label, help })
export const image = (label: string, options: { required?: boolean; help?: string } = {}): ImageField => ({
  kind: 'image',
  label,
  required: options.required ?? false,
  help: options.help,
})
export const caseStudies = (label: string, max: number, help?: string): ReferencesField => ({
  kind: 'references',
  label,
  collection: 'case-studies',
  max,
  help,
})
export const list = <const F extends Fields>(
  label: string,
  itemLabel: string,
  fields: F,
  options: { min?: number; max?: number; help?: string; namedBy?: keyof F & string } = {},
): ListField<F> => ({
  kind: 'list',
  label,
  itemLabel,
  namedBy: options.namedBy,
  fields,
  min: options.min ?? 1,
  max: options.max ?? 24,
  help: options.help,
})

const optionalString = (label: string, max: number) => z.string().trim().max(max, tooLong(label, max))

/** The schema of one field. */
export function fieldSchema(field: Field): z.ZodType {
  switch (field.kind) {
    case 'text': {
      const base = field.required ? requiredText(field.label, field.max) : optionalString(field.label, field.max).default('')
      const { pattern } = field
      return pattern ? base.refine((value) => !value || pattern.test.test(value), pattern.message) : base
    }
    case 'markdown':
      return field.required ? requiredText(field.label, field.max) : optionalString(field.label, field.max).default('')
    case 'link': {
      const base = field.required ? requiredText(field.label, LINK_MAX) : optionalString(field.label, LINK_MAX).default('')
      return base.superRefine((value, context) => {
        const problem = value ? linkProblem(value) : null
        if (problem) context.addIssue({ code: 'custom', message: problem })
      })
    }
    case 'select': {
      const values = field.options.map((option) => option.value) as [string, ...string[]]
      return z.enum(values, `Choose one of the listed options for ${field.label}`).default(values[0])
    }
    case 'checkbox':
      return z.boolean().default(false)
    case 'image':
      return z
        .object({ src: optionalString('Image address', LINK_MAX).default(''), alt: optionalString('Alt text', 300).default('') })
        .default({ src: '', alt: '' })
        .superRefine((picture, context) => {
          if (field.required && !picture.src) context.addIssue({ code: 'custom', path: ['src'], message: `${field.label} is required` })
          if (picture.src && linkProblem(picture.src))
            context.addIssue({ code: 'custom', path: ['src'], message: 'Choose an image from the media library' })
          if (picture.src && !picture.alt)
            context.addIssue({ code: 'custom', path: ['alt'], message: 'Describe the image for people who cannot see it (alt text)' })
        })
    case 'references':
      return z.array(z.string().trim().min(1).max(120)).max(field.max, `Choose at most ${field.max} for ${field.label}`).default([])
    case 'list':
      return z
        .array(fieldsSchema(field.fields))
        .min(field.min, field.min === 1 ? `Add at least one ${field.itemLabel}` : `Add at least ${field.min} ${field.itemLabel}s`)
        .max(field.max, `${field.label} can hold at most ${field.max} items`)
  }
}

/** The object schema of a set of fields; unknown keys are dropped, so nothing undeclared is stored. */
export const fieldsSchema = (fields: Fields) =>
  z.object(Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fieldSchema(field)])))

/** Every link a block's data holds (links, images' addresses), with the path of the field it sits in. */
export function linksIn(fields: Fields, data: unknown, at: (string | number)[] = []): { path: (string | number)[]; href: string }[] {
  const record = (data ?? {}) as Record<string, unknown>
  return Object.entries(fields).flatMap(([name, field]) => {
    const value = record[name]
    if (field.kind === 'link' && typeof value === 'string' && value) return [{ path: [...at, name], href: value }]
    if (field.kind === 'list' && Array.isArray(value))
      return value.flatMap((item, index) => linksIn(field.fields, item, [...at, name, index]))
    return []
  })
}

/** Every picture a block's data shows, with its field's label: what the media library lists as the image's uses. */
export function picturesIn(fields: Fields, data: unknown): { src: string; label: string }[] {
  const record = (data ?? {}) as Record<string, unknown>
  return Object.entries(fields).flatMap(([name, field]) => {
    const value = record[name]
    if (field.kind === 'image') {
      const src = (value as Partial<Picture> | undefined)?.src
      return src ? [{ src, label: field.label }] : []
    }
    if (field.kind === 'list' && Array.isArray(value)) return value.flatMap((item) => picturesIn(field.fields, item))
    return []
  })
}
