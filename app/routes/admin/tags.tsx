import { ExternalLink } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { data, Form, Link } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { AskedOnPage, AskFirst, type Question, useSending } from '~/components/admin/people-manage'
import { ListHeader, RecordTable } from '~/components/admin/record-list'
import { type Submitted, useEditorForm } from '~/components/admin/use-editor-form'
import { Alert } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import { tagHref } from '~/lib/blog-links'
import { formText } from '~/lib/form-text'
import { POST_LIMITS } from '~/lib/post-schema'
import { fieldErrors } from '~/lib/schemas'
import { mergeNotice, renameOutcome, TAG_RENAME_FIELDS, tagRenameSchema } from '~/lib/tag-schema'
import { refuse } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { requireUser } from '~/server/services/auth.server'
import { changeTag, listTags, type TagRow } from '~/server/services/tags.server'
import type { Route } from './+types/tags'

/*
 * The blog's tags: how many posts carry each, spellings that differ only in case flagged with a
 * one-click merge, and a Rename panel (`?rename=<tag>`, an address of its own, so it works without
 * scripts) whose name may be another tag's, which merges the two. A merge is said before it is done:
 * as the name is typed, in a dialog for the one-click merge, and on the page for a browser without
 * scripts (the server merges only with `confirmed`).
 */

const PATH = '/admin/tags'
const renamePath = (tag: string) => `${PATH}?${new URLSearchParams({ rename: tag })}`

export const meta = screenMeta('Tags')

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  const { tags, known } = await listTags(context.db)
  const asked = new URL(request.url).searchParams.get('rename')
  return { tags, known, renaming: tags.find((row) => row.tag === asked) ?? null }
}

type Sent = Record<(typeof TAG_RENAME_FIELDS)[number], string>

export async function action({ request, context, pattern }: Route.ActionArgs) {
  const user = await requireUser({ request, context, pattern })
  const form = await readForm(request)
  const sent: Sent = formText(form, TAG_RENAME_FIELDS)
  if (form.get('intent') !== 'rename') return refuse(sent, {}, { failure: 'That action is not available on the Tags screen.' })
  const parsed = tagRenameSchema.safeParse(sent)
  if (!parsed.success) return refuse(sent, fieldErrors(parsed.error))
  const change = await changeTag(context, user, parsed.data, form.get('confirmed') === 'yes')
  if (change.outcome === 'gone')
    return refuse(sent, {}, { failure: `No post carries “${sent.tag}” any more: it was renamed or removed meanwhile.`, status: 404 })
  if (change.outcome === 'confirm-merge') return data({ confirmMerge: { ...change, name: parsed.data.name } })
  const posts = `${change.posts} ${change.posts === 1 ? 'post' : 'posts'}`
  return redirectWithToast(context, PATH, {
    type: 'success',
    title:
      change.outcome === 'merged'
        ? `“${change.from}” merged into “${change.to}” (${posts})`
        : `“${change.from}” renamed to “${change.to}” on ${posts}`,
    description: 'Its old page now leads to the new one.',
  })
}

const mergeQuestion = (from: string, into: string, posts: number): Question => ({
  title: `Merge “${from}” into “${into}”?`,
  consequence: `${mergeNotice(from, into, posts)}. Each post then carries “${into}” once, and the page of “${from}” leads visitors to the page of “${into}”.`,
  confirm: 'Merge',
})

export default function Tags({ loaderData, actionData }: Route.ComponentProps) {
  const { tags, known, renaming } = loaderData
  const refusal = actionData && 'errors' in actionData ? (actionData as Submitted<Sent>) : undefined
  const confirmMerge = actionData && 'confirmMerge' in actionData ? actionData.confirmMerge : null
  // A refused rename shows at its field in the panel; one whose tag is gone, above the list.
  const panelRefusal = renaming && refusal?.values.tag === renaming.tag ? refusal : undefined
  const pageRefusal = panelRefusal ? undefined : refusal
  return (
    <>
      <ListHeader title="Tags" />
      <p className="mt-2 max-w-prose text-sm text-muted-foreground">
        Every tag on your blog posts, with how many posts carry it. Rename a tag to change it on every post at once; give it the name of
        another tag to merge the two. The old tag’s page then leads visitors to the new one.
      </p>
      {pageRefusal?.failure && (
        <Alert variant="destructive" className="mt-6">
          {pageRefusal.failure}
        </Alert>
      )}
      {confirmMerge && (
        <AskedOnPage
          fields={{ intent: 'rename', tag: confirmMerge.from, name: confirmMerge.name }}
          question={mergeQuestion(confirmMerge.from, confirmMerge.into, confirmMerge.posts)}
          cancelTo={renamePath(confirmMerge.from)}
        />
      )}
      {renaming && !confirmMerge && <RenamePanel key={renaming.tag} row={renaming} known={known} submitted={panelRefusal} />}
      <RecordTable
        rows={tags}
        rowKey={(row) => row.tag}
        rowTestId="tag-row"
        empty={{ title: 'No tags yet', description: 'Tags you add to blog posts show here, with how many posts carry each.' }}
        columns={[
          {
            header: 'Tag',
            primary: true,
            cell: (row) => (
              <span className="grid gap-1">
                <span className="break-words">{row.tag}</span>
                {row.alsoSpelt.length > 0 && (
                  <Badge variant="warning" className="w-fit font-medium break-words">
                    Also spelt {row.alsoSpelt.map((tag) => `“${tag}”`).join(', ')}
                  </Badge>
                )}
              </span>
            ),
          },
          {
            header: 'Posts (published / all)',
            className: 'whitespace-nowrap',
            cell: (row) => (
              <>
                {/* On a phone the cells stack without their headers, so this one says what it counts. */}
                <span className="md:hidden">Posts: </span>
                {row.published} published / {row.total} in all
              </>
            ),
          },
        ]}
        actions={(row) => <TagActions row={row} current={row.tag === renaming?.tag} />}
      />
    </>
  )
}

function TagActions({ row, current }: { row: TagRow; current: boolean }) {
  const sending = useSending('rename')
  return (
    <>
      {row.mergeInto && (
        <AskFirst
          fields={{ intent: 'rename', tag: row.tag, name: row.mergeInto }}
          question={mergeQuestion(row.tag, row.mergeInto, row.total)}
        >
          <Button type="submit" variant="outline" size="sm" disabled={sending}>
            Merge into “{row.mergeInto}”<span className="sr-only"> (from “{row.tag}”)</span>
          </Button>
        </AskFirst>
      )}
      <Button asChild variant="outline" size="sm">
        <Link to={renamePath(row.tag)} aria-current={current ? 'page' : undefined}>
          Rename<span className="sr-only"> “{row.tag}”</span>
        </Link>
      </Button>
      {row.published > 0 && (
        <Button asChild variant="ghost" size="icon">
          <a
            href={tagHref(row.tag)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`View the page of “${row.tag}” on the site (opens in a new tab)`}
            title="View on site"
          >
            <ExternalLink aria-hidden />
          </a>
        </Button>
      )}
    </>
  )
}

/**
 * A tag's new name. As it is typed, a name that is another tag's (in any case) says the merge it
 * makes, and the button says Merge: sending it then is the confirmation.
 */
function RenamePanel({ row, known, submitted }: { row: TagRow; known: string[]; submitted?: Submitted<Sent> }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const sending = useSending('rename')
  const [name, setName] = useState(submitted?.values.name ?? '')
  const { errors, formProps } = useEditorForm((form) => tagRenameSchema.safeParse(formText(form, TAG_RENAME_FIELDS)), submitted)
  const outcome = name.trim() && name.trim() !== row.tag ? renameOutcome(row.tag, name, known) : null
  const merge = outcome?.merge ? outcome.to : null
  const listId = useId()
  return (
    <Card className="mt-6 max-w-2xl" role="region" aria-labelledby="rename-heading" data-testid="rename-panel">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1.5">
          <CardTitle id="rename-heading" ref={heading} tabIndex={-1} className="break-words outline-none">
            Rename “{row.tag}”
          </CardTitle>
          <CardDescription>
            On {row.total} {row.total === 1 ? 'post' : 'posts'}, {row.published} published.
          </CardDescription>
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link to={PATH}>Close</Link>
        </Button>
      </CardHeader>
      <CardContent>
        <Form method="post" {...formProps} className="grid gap-4">
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="tag" value={row.tag} />
          {merge && <input type="hidden" name="confirmed" value="yes" />}
          {submitted?.failure && <Alert variant="destructive">{submitted.failure}</Alert>}
          <FormField
            label="New name"
            name="name"
            autoComplete="off"
            list={listId}
            maxLength={POST_LIMITS.tag}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            hint="Type the name of another tag to merge the two."
          />
          <datalist id={listId}>
            {known
              .filter((tag) => tag !== row.tag)
              .map((tag) => (
                <option key={tag} value={tag} />
              ))}
          </datalist>
          <p role="status" className="text-sm font-medium empty:hidden" data-testid="merge-notice">
            {merge && `${mergeNotice(row.tag, merge, row.total)}.`}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={sending}>
              {sending ? 'Saving...' : merge ? 'Merge' : 'Rename'}
            </Button>
            <Button asChild variant="outline">
              <Link to={PATH}>Cancel</Link>
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  )
}

export const ErrorBoundary = adminErrorBoundary('Failed to load the tags')
