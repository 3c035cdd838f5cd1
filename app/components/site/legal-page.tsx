import type { LegalDocument } from '~/content/types'
import { PageHeader } from './section'
import { useSiteSettings } from './use-site-settings'

/**
 * Renders a legal document, filling in the company's name where the text says {siteName}, and any
 * other `{name}` the page passes in `values` (figures the server's settings decide).
 */
export function LegalPage({ document, values = {} }: { document: LegalDocument; values?: Record<string, string> }) {
  const { siteName } = useSiteSettings()
  const fill = (text: string) =>
    Object.entries({ siteName, ...values }).reduce((filled, [name, value]) => filled.replaceAll(`{${name}}`, value), text)
  return (
    <>
      <PageHeader title={document.title} text={`Last updated ${document.lastUpdated}`} />
      <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:px-8">
        <p className="text-lg">{fill(document.intro)}</p>
        {document.sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="text-xl font-semibold">{fill(section.heading)}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-muted-foreground">
                {fill(paragraph)}
              </p>
            ))}
            {section.list && (
              <ul className="mt-3 list-disc space-y-1.5 pl-6 text-muted-foreground">
                {section.list.map((item) => (
                  <li key={item}>{fill(item)}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </article>
    </>
  )
}
