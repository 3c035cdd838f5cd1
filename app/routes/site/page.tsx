import { data } from 'react-router'
import { PageBlocks } from '~/components/blocks'
import { PageErrorBoundary } from '~/components/site/not-found'
import { contactSchema, playbookSchema } from '~/lib/schemas'
import { type JsonLdNode, breadcrumbJsonLd, seo } from '~/lib/seo'
import { loggedUrl } from '~/server/http/canonical-path.server'
import { handleLeadForm } from '~/server/http/lead-form.server'
import { pageForVisitor, pageFormKind } from '~/server/services/site-pages.server'
import type { Route } from './+types/page'
import { logger } from '~/server/log.server'

/*
 * Every page built from blocks in the back office (Pages): the marketing pages, the industries' and
 * any page an owner adds. An address with no published page is the not-found page.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await pageForVisitor(context, request)
  if (!page) {
    logger.warn(`404 ${loggedUrl(new URL(request.url).pathname)}`)
    throw data(null, { status: 404 })
  }
  return page
}

const LEAD_SCHEMAS = { contact: contactSchema, playbook: playbookSchema } as const

/** A lead form posts to its own page (the contact form, the playbook request). */
export async function action({ request, context }: Route.ActionArgs) {
  const kind = await pageFormKind(context, request)
  if (!kind) throw data(null, { status: 405, headers: { Allow: 'GET, HEAD' } })
  return handleLeadForm(request, context, kind, LEAD_SCHEMAS[kind])
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: '404: Page not found' }, { name: 'robots', content: 'noindex' }]
  const { content, path, trail, blocks } = loaderData
  const faq = blocks.flatMap((block) => (block.type === 'faq' ? block.extra.items : []))
  const jsonLd: JsonLdNode[] = [
    ...(faq.length > 0
      ? [
          {
            '@type': 'FAQPage' as const,
            mainEntity: faq.map((item) => ({
              '@type': 'Question' as const,
              name: item.question,
              acceptedAnswer: { '@type': 'Answer' as const, text: item.answer },
            })),
          },
        ]
      : []),
    ...(trail.length > 0 ? [breadcrumbJsonLd(matches, trail)] : []),
  ]
  return seo(matches, { title: content.title || undefined, description: content.description, path, search: content.search, jsonLd })
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <PageBlocks blocks={loaderData.blocks} answer={actionData} />
}

export const ErrorBoundary = PageErrorBoundary
