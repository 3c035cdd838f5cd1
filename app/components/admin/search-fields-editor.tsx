import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useRouteLoaderData } from 'react-router'
import { CheckboxField } from '~/components/ui/checkbox-field'
import { FormField } from '~/components/ui/form-field'
import { DEFAULT_SHARE_IMAGE } from '~/lib/seo'
import { HIDE_FROM_SEARCH, lengthAdvice, SEARCH_GUIDANCE, SEARCH_LIMITS, type SearchFormValues } from '~/lib/search-fields'

/** The page's own words and picture, shown when a search field is left empty; `*Field` names a field of the same form to follow as it is typed. */
export interface OwnPage {
  path: string
  title?: string
  titleField?: string
  description?: string
  descriptionField?: string
  image?: string | null
}

interface Props {
  own: OwnPage
  values: SearchFormValues | null
  field: (name: 'seoTitle' | 'metaDescription' | 'socialImage') => { name: string; defaultValue: string; error?: string }
}

/**
 * The search and share fields of an editor, with a live preview of the search result and the share
 * card and how long each text is against what search engines show.
 */
export function SearchFieldsEditor({ own, values, field }: Props) {
  const root = useRouteLoaderData('root') as { siteName: string; siteUrl: string } | undefined
  const ref = useRef<HTMLDivElement>(null)
  const typed = useTypedFields(ref, own, values)
  const siteName = root?.siteName ?? ''
  // The page's own title as the site writes it ('{title} | {site name}'); an SEO title stands alone.
  const title = typed.seoTitle || (typed.ownTitle ? `${typed.ownTitle} | ${siteName}` : siteName)
  const description = typed.metaDescription || typed.ownDescription || ''
  const image = typed.socialImage || own.image || DEFAULT_SHARE_IMAGE
  const host = root ? new URL(root.siteUrl).host : ''
  return (
    <div ref={ref} className="grid gap-5">
      <FormField
        label="SEO title"
        optional
        maxLength={SEARCH_LIMITS.title}
        autoComplete="off"
        hint={<LengthHint length={typed.seoTitle.length} guide={SEARCH_GUIDANCE.title} emptyNote="Empty uses the page's title." />}
        {...field('seoTitle')}
      />
      <FormField
        label="Meta description"
        optional
        multiline
        rows={3}
        maxLength={SEARCH_LIMITS.description}
        controlClassName="min-h-20"
        hint={
          <LengthHint
            length={typed.metaDescription.length}
            guide={SEARCH_GUIDANCE.description}
            emptyNote="Empty uses the page's summary."
          />
        }
        {...field('metaDescription')}
      />
      <FormField
        label="Social image"
        optional
        maxLength={SEARCH_LIMITS.image}
        autoComplete="off"
        placeholder="/media/images/… or https://…"
        hint="The picture shown when the page is shared; empty uses the page's own image. 1200 × 630 px suits every network."
        {...field('socialImage')}
      />
      <CheckboxField name={HIDE_FROM_SEARCH} label="Hide from search engines" defaultChecked={values?.hideFromSearch ?? false} />
      <div className="grid gap-4" aria-label="Previews" role="group">
        <figure className="grid gap-1 rounded-lg border bg-background p-4">
          <figcaption className="text-xs font-medium text-muted-foreground uppercase">Search result preview</figcaption>
          <p className="truncate text-xs text-muted-foreground">
            {host}
            {own.path.replaceAll('/', ' › ').replace(/^ › $/, '')}
          </p>
          <p className="text-lg leading-snug text-[#1a0dab] dark:text-[#8ab4f8]">{cut(title, SEARCH_GUIDANCE.title.most)}</p>
          <p className="text-sm text-muted-foreground">{cut(description, SEARCH_GUIDANCE.description.most)}</p>
          {typed.hidden && <p className="text-xs font-medium text-destructive">Hidden: search engines are asked not to list this page.</p>}
        </figure>
        <figure className="overflow-hidden rounded-lg border bg-background">
          <figcaption className="px-4 pt-3 text-xs font-medium text-muted-foreground uppercase">Share card preview</figcaption>
          <div className="m-4 overflow-hidden rounded-md border">
            <img src={image} alt="" width={1200} height={630} className="aspect-[1200/630] w-full bg-muted object-cover" />
            <div className="grid gap-0.5 bg-muted/50 p-3">
              <p className="text-xs text-muted-foreground uppercase">{host}</p>
              <p className="line-clamp-2 font-semibold">{title}</p>
              <p className="line-clamp-2 text-sm text-muted-foreground">{description}</p>
            </div>
          </div>
        </figure>
      </div>
    </div>
  )
}

/** What is typed in the search fields and the page's own title and summary, as it changes. */
function useTypedFields(ref: React.RefObject<HTMLDivElement | null>, own: OwnPage, values: SearchFormValues | null) {
  const read = (form: HTMLFormElement | null | undefined) => {
    const text = (name: string | undefined, fallback = '') => {
      // Without a form (the server's render, the first one in the browser) there is nothing typed yet.
      const control = form && name ? form.elements.namedItem(name) : null
      return control && (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) ? control.value.trim() : fallback
    }
    const hidden = form?.elements.namedItem(HIDE_FROM_SEARCH)
    return {
      seoTitle: text('seoTitle', values?.seoTitle ?? ''),
      metaDescription: text('metaDescription', values?.metaDescription ?? ''),
      socialImage: text('socialImage', values?.socialImage ?? ''),
      ownTitle: text(own.titleField, own.title ?? ''),
      ownDescription: text(own.descriptionField, own.description ?? ''),
      hidden: hidden && hidden instanceof HTMLInputElement ? hidden.checked : (values?.hideFromSearch ?? false),
    }
  }
  const [typed, setTyped] = useState(() => read(null))
  const readForm = useEffectEvent((form: HTMLFormElement) => setTyped(read(form)))
  useEffect(() => {
    const form = ref.current?.closest('form')
    if (!form) return
    const update = () => readForm(form)
    update()
    form.addEventListener('input', update)
    form.addEventListener('change', update)
    return () => {
      form.removeEventListener('input', update)
      form.removeEventListener('change', update)
    }
    // The form and its fields stay for the editor's life: wiring them once is enough.
  }, [ref])
  return typed
}

function LengthHint({ length, guide, emptyNote }: { length: number; guide: { least: number; most: number }; emptyNote: string }) {
  const advice = lengthAdvice(length, guide)
  const words = {
    empty: emptyNote,
    short: `${length} characters: short; aim for ${guide.least}–${guide.most}.`,
    good: `${length} characters: a good length (up to ${guide.most} shows in full).`,
    long: `${length} characters: search engines cut it after about ${guide.most}.`,
  }
  return <span className={advice === 'long' ? 'text-amber-700 dark:text-amber-400' : undefined}>{words[advice]}</span>
}

/** Text as a search result shows it: cut at a word with an ellipsis past `most` characters. */
function cut(text: string, most: number): string {
  if (text.length <= most) return text
  const head = text.slice(0, most)
  return `${head.slice(0, Math.max(head.lastIndexOf(' '), most - 15)).trimEnd()} …`
}
