import { Section } from '~/components/site/section'
import { cn } from '~/lib/utils'
import type { BlockViewProps } from './types'

// The HTML is the Markdown as the blog's sanitiser renders it (block-data.server.ts), styled here by element.
const links = '[&_a]:font-medium [&_a]:underline [&_a]:underline-offset-2'
const lists = '[&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6'
const headings = '[&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold'

/** One column reads like the legal pages: the first paragraph leads, headings open spaced sections. */
const ARTICLE = cn(
  links,
  lists,
  headings,
  '[&>*]:mt-3 [&>:first-child]:mt-0 [&>h2]:mt-10 [&>h3]:mt-8 [&>p]:leading-relaxed [&>p:first-child]:text-lg [&>p:first-child]:leading-normal',
)
/** Beside its title the text is one size larger, as paragraphs of a story. */
const SPLIT = cn(links, lists, headings, 'max-w-3xl space-y-4 text-lg')

const colours = {
  light: '[&_a]:text-primary [&_h2]:text-foreground [&_h3]:text-foreground text-muted-foreground',
  dark: '[&_a]:text-white [&_h2]:text-white [&_h3]:text-white text-slate-300',
}

export function RichTextBlock({ data, extra }: BlockViewProps<'rich-text'>) {
  const dark = data.tone === 'dark'
  const article = data.layout === 'article'
  return (
    <Section
      id={data.anchor || undefined}
      title={data.title || undefined}
      tone={data.tone}
      split={!article}
      className={cn(article && 'py-14 sm:py-14')}
    >
      <div
        className={cn(
          article ? ['mx-auto max-w-3xl', ARTICLE, dark ? '[&>p:first-child]:text-white' : '[&>p:first-child]:text-foreground'] : SPLIT,
          dark ? colours.dark : colours.light,
        )}
        dangerouslySetInnerHTML={{ __html: extra.html }}
      />
    </Section>
  )
}
