import { ArrowLeft } from 'lucide-react'
import { data, Form, Link, redirect } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { ConfirmSubmit } from '~/components/admin/confirm-submit'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { activityWords } from '~/lib/activity-words'
import { patternPath } from '~/lib/admin-access'
import { adminSection } from '~/lib/admin-sections'
import { postHref } from '~/lib/blog-links'
import { caseStudyHref } from '~/lib/case-study-links'
import { formatDateTime } from '~/lib/dates'
import { useTimeZone } from '~/lib/use-time-zone'
import { MAX_ID_LENGTH } from '~/lib/schemas'
import { pageTitle } from '~/lib/seo'
import { cn } from '~/lib/utils'
import type { RevisionAction } from '~/server/db/schema.server'
import { readForm } from '~/server/http/form-data.server'
import { redirectWithToast, toastHeaders } from '~/server/http/toast.server'
import { getRevision, listRevisions } from '~/server/repositories/revisions.server'
import { getTimeZone } from '~/server/repositories/settings.server'
import { requireUser } from '~/server/services/auth.server'
import { caseStudyRevisions } from '~/server/services/case-studies.server'
import { pageRevisions } from '~/server/services/pages.server'
import { postRevisions } from '~/server/services/posts.server'
import {
  restorePreviews,
  restoreRevision,
  revisionChanges,
  type RestorePreview,
  type RestoreRefusal,
} from '~/server/services/revisions.server'
import type { Route } from './+types/history'

/** The sections whose records keep revisions, by their history's address; the matched route says which one this is. */
const HISTORIES = {
  '/admin/blog/history/:id': { name: 'posts', spec: postRevisions },
  '/admin/pages/history/:id': { name: 'pages', spec: pageRevisions },
  '/admin/case-studies/history/:id': { name: 'case-studies', spec: caseStudyRevisions },
} as const

function historyOf(pattern: string) {
  const path = patternPath(pattern)
  const { name, spec } = Object.hasOwn(HISTORIES, path)
    ? HISTORIES[path as keyof typeof HISTORIES]
    : HISTORIES['/admin/case-studies/history/:id']
  return { name, section: adminSection(name), spec }
}

/** A record's address, as the restore question names it: a page's is its path. */
const addressOf = (name: ReturnType<typeof historyOf>['name'], slug: string) =>
  name === 'posts' ? postHref(slug) : name === 'pages' ? slug : caseStudyHref(slug)

export async function loader({ request, params, context, pattern }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  const { name, section, spec } = historyOf(pattern)
  if (params.id.length > MAX_ID_LENGTH) throw redirect(section.path)
  const [revisions, current, timeZone] = await Promise.all([
    listRevisions(context.db, spec.type, params.id),
    spec.read(context.db, params.id),
    getTimeZone(context.db),
  ])
  if (revisions.length === 0 && !current)
    throw await redirectWithToast(context, section.path, { type: 'error', title: section.messages.loadFailed })
  const url = new URL(request.url)
  // Compared by default: the newest revision against the one before it.
  const [to, from] = [url.searchParams.get('to') ?? revisions[0]?.id, url.searchParams.get('from') ?? revisions[1]?.id]
  const revision = (revisionId: string | undefined) =>
    revisionId && revisionId.length <= MAX_ID_LENGTH
      ? getRevision<Record<string, unknown>>(context.db, spec.type, params.id, revisionId)
      : undefined
  const [newer, older] = await Promise.all([revision(to), revision(from)])
  // What a restore of each revision would change, said before it happens.
  const restores = current
    ? await restorePreviews(
        context.db,
        spec,
        current,
        revisions.map((r) => r.id),
      )
    : {}
  return {
    section: name,
    id: params.id,
    title: String((current as { title?: unknown } | undefined)?.title ?? newer?.snapshot.title ?? ''),
    exists: Boolean(current),
    version: current?.version ?? null,
    // What a restore keeps: the record's address and (for a post) its publish state and time.
    kept: current
      ? {
          address: addressOf(name, current.slug),
          published: current.published ?? false,
          publishedAt: current.publishedAt ?? null,
        }
      : null,
    revisions,
    restores,
    compared:
      newer && older
        ? { from: older.id, to: newer.id, changes: revisionChanges(spec.type, older.snapshot, newer.snapshot, timeZone) }
        : null,
  }
}

const refusals: Record<Exclude<RestoreRefusal, null>, string> = {
  stale: 'This was changed by someone else since you opened its history. Look at the newest revision, then restore again.',
  gone: 'This record no longer exists, so there is nothing to restore it over.',
  'slug-taken': 'Another post uses that revision’s slug now. Change one of them, then restore again.',
  'author-gone': 'That revision’s author has been deleted. Restore a later revision, or pick an author in the editor.',
  'id-taken': 'Another case study has taken this one’s address since it was deleted, so it cannot come back under it.',
  'image-gone':
    'That revision’s image was replaced before the deletion and is no longer kept. Restore the revision saved when it was deleted.',
}

export async function action({ request, params, context, pattern }: Route.ActionArgs) {
  const user = await requireUser({ request, context, pattern })
  const { section, spec } = historyOf(pattern)
  const form = await readForm(request)
  const [revisionId, sentVersion] = [form.get('revision'), form.get('version')]
  // A deleted record has no version: the restore puts it back.
  const version = typeof sentVersion === 'string' && sentVersion !== '' ? sentVersion : null
  const back = `${section.path}/history/${params.id}`
  const revision =
    typeof revisionId === 'string' && revisionId.length <= MAX_ID_LENGTH
      ? await getRevision<Record<string, unknown>>(context.db, spec.type, params.id, revisionId)
      : undefined
  if (form.get('intent') !== 'restore' || !revision) {
    return data(
      { ok: false },
      { status: 400, headers: await toastHeaders(context, { type: 'error', title: 'That revision could not be found' }) },
    )
  }
  const refusal = await restoreRevision(context.db, context, spec, { recordId: params.id, version, revision, user })
  if (refusal)
    return data({ ok: false }, { status: 409, headers: await toastHeaders(context, { type: 'error', title: refusals[refusal] }) })
  context.contentChanged(section.content, params.id)
  const restored = formatDateTime(revision.createdAt, await getTimeZone(context.db), { seconds: true })
  // A page's restore writes its draft alone: what visitors see waits for a publish.
  if (spec.type === 'page')
    return redirectWithToast(context, back, {
      type: 'success',
      title: `Restored the revision of ${restored} into the draft`,
      description: 'Visitors still see the published page: open the editor and publish to put it live.',
    })
  return redirectWithToast(context, back, { type: 'success', title: `Restored the revision of ${restored}` })
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [{ title: pageTitle(matches, `History: ${loaderData?.title ?? ''}`) }]

export default function History({ loaderData }: Route.ComponentProps) {
  const { id, title, exists, version, kept, revisions, restores, compared } = loaderData
  const section = adminSection(loaderData.section)
  const timeZone = useTimeZone()
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={exists ? `${section.path}/edit/${id}` : section.path}>
          <ArrowLeft aria-hidden />
          {exists ? `Back to ${section.editTitle}` : section.back}
        </Link>
      </Button>
      <h1 className="mt-2 text-2xl font-bold">History</h1>
      <p className="mt-1 text-muted-foreground">
        {title}
        {!exists && ' (deleted)'}
      </p>

      {revisions.length === 0 ? (
        <Card className="mt-6">
          <CardContent className="py-8 text-center text-muted-foreground">No revisions yet: every save from now on keeps one.</CardContent>
        </Card>
      ) : (
        <Card className="mt-6">
          <CardHeader>
            <CardTitle>Revisions</CardTitle>
            <p className="text-sm text-muted-foreground">
              {exists && loaderData.section === 'pages'
                ? 'Pick two to compare. Restoring brings back a revision’s content into the draft; what visitors see changes only when you publish it.'
                : exists
                  ? 'Pick two to compare. Restoring brings back a revision’s content as a new revision; the address and publishing stay as they are now.'
                  : 'Deleted. Restoring a revision brings it back whole, image included, under its old address, for 30 days after the deletion.'}
            </p>
          </CardHeader>
          <CardContent>
            {/* The radios belong to this form through their form attribute; each Restore is a form of its own. */}
            <Form id="compare" method="get" />
            <div
              role="region"
              aria-label="Revisions"
              tabIndex={0}
              className="overflow-x-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <table className="w-full text-left text-sm">
                <thead className="border-b text-xs tracking-wide text-muted-foreground uppercase">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      When
                    </th>
                    <th scope="col" className="hidden py-2 pr-3 font-semibold sm:table-cell">
                      What
                    </th>
                    <th scope="col" className="hidden py-2 pr-3 font-semibold sm:table-cell">
                      Who
                    </th>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      From
                    </th>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      To
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      <span className="sr-only">Restore</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {revisions.map((revision) => {
                    const when = formatDateTime(revision.createdAt, timeZone, { seconds: true })
                    return (
                      <tr key={revision.id} data-testid="revision">
                        <th scope="row" className="py-2 pr-3 font-medium sm:whitespace-nowrap">
                          {when}
                          {/* On a phone what was done sits under when. */}
                          <span className="mt-1 block sm:hidden">
                            <ActionBadge action={revision.action} />
                          </span>
                        </th>
                        <td className="hidden py-2 pr-3 sm:table-cell">
                          <ActionBadge action={revision.action} />
                        </td>
                        <td className="hidden py-2 pr-3 break-all sm:table-cell">{revision.userEmail ?? '—'}</td>
                        <td className="py-2 pr-3">
                          <input
                            type="radio"
                            form="compare"
                            name="from"
                            value={revision.id}
                            defaultChecked={compared?.from === revision.id}
                            aria-label={`Compare from ${when}`}
                            className="size-4"
                          />
                        </td>
                        <td className="py-2 pr-3">
                          <input
                            type="radio"
                            form="compare"
                            name="to"
                            value={revision.id}
                            defaultChecked={compared?.to === revision.id}
                            aria-label={`Compare to ${when}`}
                            className="size-4"
                          />
                        </td>
                        <td className="py-2 text-right">
                          {(!exists || version) && (
                            <Form method="post">
                              <input type="hidden" name="intent" value="restore" />
                              <input type="hidden" name="revision" value={revision.id} />
                              <input type="hidden" name="version" value={version ?? ''} />
                              <ConfirmSubmit
                                variant="outline"
                                size="sm"
                                aria-label={`Restore the revision of ${when}`}
                                question={`Restore the revision of ${when}?`}
                                consequence={<RestoreConsequence record={section.record} kept={kept} preview={restores[revision.id]} />}
                                confirm="Restore"
                              >
                                Restore
                              </ConfirmSubmit>
                            </Form>
                          )}
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
            {revisions.length > 1 && (
              <Button type="submit" form="compare" variant="outline" className="mt-4">
                Compare
              </Button>
            )}
          </CardContent>
        </Card>
      )}

      {compared && <Comparison changes={compared.changes} />}
    </>
  )
}

const fieldList = new Intl.ListFormat('en-US', { type: 'conjunction' })

/** What a restore will change and what it keeps, in the words of the question asked before it. */
function RestoreConsequence({
  record,
  kept,
  preview,
}: {
  record: string
  kept: { address: string; published: boolean; publishedAt: string | null } | null
  preview: RestorePreview | undefined
}) {
  const timeZone = useTimeZone()
  if (!kept || !preview) return <p>The {record} comes back whole, image included, under its old address.</p>
  const live = kept.published && kept.publishedAt !== null && kept.publishedAt <= new Date().toISOString()
  const state =
    !kept.published || !kept.publishedAt
      ? 'stays a draft'
      : live
        ? `stays published, dated ${formatDateTime(kept.publishedAt, timeZone)},`
        : `stays scheduled for ${formatDateTime(kept.publishedAt, timeZone)},`
  return (
    <>
      <p>
        {preview.changes.length > 0
          ? `${fieldList.format(preview.changes)} go back to this revision’s.`
          : 'Its content is the same as now: restoring only records it again.'}
      </p>
      <p>
        {record === 'post'
          ? `The post ${state} at ${kept.address}.`
          : record === 'page'
            ? `Only the draft changes: the page stays at ${kept.address}, and visitors see it as published until you publish again.`
            : `The ${record} stays at ${kept.address}.`}
      </p>
      {preview.keepsImage && <p>The image stays as it is now: this revision’s is no longer stored.</p>}
    </>
  )
}

function ActionBadge({ action }: { action: RevisionAction }) {
  return <Badge variant={action === 'deleted' ? 'warning' : 'muted'}>{activityWords[action]}</Badge>
}

function Comparison({ changes }: { changes: { label: string; parts: { value: string; change: 'kept' | 'added' | 'removed' }[] }[] }) {
  return (
    <Card className="mt-6" data-testid="comparison">
      <CardHeader>
        <CardTitle>Changes</CardTitle>
        <p className="text-sm text-muted-foreground">Removed text is struck through in red, added text underlined in green.</p>
      </CardHeader>
      <CardContent className="grid gap-5">
        {changes.length === 0 && <p className="text-muted-foreground">These two revisions are the same.</p>}
        {changes.map((field) => (
          <section key={field.label} aria-label={field.label}>
            <h2 className="text-sm font-semibold">{field.label}</h2>
            <p className="mt-1 rounded-md border bg-muted/40 p-3 text-sm whitespace-pre-wrap break-words">
              {field.parts.map((part, index) =>
                part.change === 'kept' ? <span key={index}>{part.value}</span> : <ChangeMark key={index} part={part} />,
              )}
            </p>
          </section>
        ))}
      </CardContent>
    </Card>
  )
}

function ChangeMark({ part }: { part: { value: string; change: 'added' | 'removed' | 'kept' } }) {
  const Tag = part.change === 'added' ? 'ins' : 'del'
  return (
    <Tag className={cn('rounded-sm px-0.5', part.change === 'added' ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-900')}>
      {part.value}
    </Tag>
  )
}

export const ErrorBoundary = adminErrorBoundary('Failed to load the history')
