import { beforeAll, describe, expect, it } from 'vitest'
import { linkProblem } from '~/lib/blocks/fields'
import { nowIso } from '~/lib/ids'
import { MAIN_HEADING_MESSAGES, type PageContent } from '~/lib/page-content'
import type { PublicContent } from '~/lib/admin-sections'
import type { Db } from '~/server/db/schema.server'
import { watchPublishSchedule } from '~/server/host/publish-schedule.server'
import { foldDueSchedules, getPage, getPageByPath, nextScheduledPageChange, visibleContent } from '~/server/repositories/pages.server'
import { listRedirectRoutes, putRedirect } from '~/server/repositories/redirects.server'
import { getRevision, listRevisions } from '~/server/repositories/revisions.server'
import {
  createPage,
  listPagesForAdmin,
  PAGE_MESSAGES,
  pageRevisions,
  readPageForEditor,
  savePage,
  type PageIntent,
  type PageSaveResult,
} from '~/server/services/pages.server'
import { restoreRevision, revisionChanges } from '~/server/services/revisions.server'
import { listSitemapEntries } from '~/server/services/sitemap.server'
import type { User } from '~/server/services/users.server'
import { createTestAuthor, createTestPost } from '../support/blog'
import { signedInAdmin, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'

/*
 * The pages service on its own, on every engine: what a save, a publish and a schedule store, where a
 * page may live and what its links may lead to, and that each refusal stores nothing.
 */

describeEachDatabase('the pages service', (getDb) => {
  const db = () => getDb().db
  const heard: PublicContent[] = []
  const ctx = (database: Db = db()) => testContext(database, '127.0.0.1', (what) => heard.push(what))
  let editor: User
  let author: User
  let postSlug = ''

  beforeAll(async () => {
    editor = (await signedInAdmin(ctx(), 'editor@example.com', 'a-long-password', 'editor')).user
    author = (await signedInAdmin(ctx(), 'author@example.com', 'a-long-password', 'author')).user
    postSlug = (await createTestPost(db(), await createTestAuthor(db()))).slug
  })

  const unique = (name: string) => `/lp/${name}-${Math.random().toString(36).slice(2, 8)}`
  const read = async (id: string) => (await readPageForEditor(db(), id))!
  const saved = (result: PageSaveResult) => {
    if (result.outcome !== 'saved') throw new Error(`not saved: ${JSON.stringify(result)}`)
    return result.id
  }
  const redirects = async () => Object.fromEntries((await listRedirectRoutes(db())).map((r) => [r.fromPath, r.toTarget]))
  const actions = async (id: string) => (await listRevisions(db(), 'page', id)).map((revision) => revision.action)

  /** A campaign page as its template makes it, at a fresh path. */
  async function newPage(name = 'spring-hvac') {
    const path = unique(name)
    const id = saved(await createPage(ctx(), editor, { path, name: 'Spring HVAC', template: 'campaign', hidden: true }))
    return { id, path }
  }
  /** A save of the page as it stands, its content changed by `change`. */
  async function save(
    id: string,
    intent: PageIntent,
    change: (content: PageContent) => void = () => {},
    fields: { path?: string; name?: string } = {},
  ) {
    const page = await read(id)
    const content = structuredClone(page.draft)
    change(content)
    return savePage(
      ctx(),
      editor,
      { id, version: page.version, path: fields.path ?? page.path, name: fields.name ?? page.name, content },
      intent,
    )
  }
  const retitle = (title: string) => (content: PageContent) => {
    const header = content.blocks[0]!
    if (header.type === 'page-header') header.data.title = title
  }
  const ctaBand = (content: PageContent) => {
    const band = content.blocks.find((block) => block.type === 'cta-band')!
    if (band.type !== 'cta-band') throw new Error('no band')
    return { band, index: content.blocks.indexOf(band) }
  }

  it('creates a page from a template as a draft nobody sees, hidden from search engines when asked', async () => {
    const { id, path } = await newPage()
    const page = await read(id)
    expect(page).toMatchObject({ path, name: 'Spring HVAC', template: 'campaign', status: 'draft', live: null, scheduledAt: null })
    expect(page.draft.search.hidden).toBe(true)
    expect(page.draft.blocks.map((block) => block.type)).toEqual(['page-header', 'figures', 'testimonials', 'contact-form', 'cta-band'])
    expect(visibleContent((await getPageByPath(db(), path))!, nowIso())).toBeNull()
    expect(await actions(id)).toEqual(['created'])
  })

  it('makes every template a page the editor accepts', async () => {
    for (const template of ['blank', 'service', 'industry', 'campaign'] as const) {
      const result = await createPage(ctx(), editor, { path: unique(template), name: template, template, hidden: false })
      expect(result.outcome, template).toBe('saved')
    }
  })

  it('publishes: what visitors see is the draft, the cache is told, and the page joins the sitemap unless hidden', async () => {
    const { id, path } = await newPage()
    heard.length = 0
    saved(await save(id, { kind: 'publish' }, (content) => (content.search.hidden = false)))
    const page = await read(id)
    expect(page.status).toBe('published')
    expect(page.live).toEqual(page.draft)
    expect(heard).toEqual(['pages'])
    expect((await listSitemapEntries(db())).map((entry) => entry.path)).toContain(path)
    expect(await actions(id)).toEqual(['published', 'created'])

    saved(await save(id, { kind: 'publish' }, (content) => (content.search.hidden = true)))
    expect((await listSitemapEntries(db())).map((entry) => entry.path)).not.toContain(path)
  })

  it('saves a draft alone: visitors keep the live version, and the list says the page changed', async () => {
    const { id } = await newPage()
    saved(await save(id, { kind: 'publish' }))
    heard.length = 0
    saved(await save(id, { kind: 'draft' }, retitle('A better offer')))
    const page = await read(id)
    expect(page.status).toBe('changed')
    expect(page.live!.blocks[0]!.data).not.toMatchObject({ title: 'A better offer' })
    expect(page.draft.blocks[0]!.data).toMatchObject({ title: 'A better offer' })
    expect(heard).toEqual([])
    expect((await listPagesForAdmin(db())).find((summary) => summary.id === id)).toMatchObject({
      status: 'changed',
      updatedBy: editor.email,
    })
  })

  it('schedules a change: visitors see it from its time on, and a timer folds it into the live version', async () => {
    const { id, path } = await newPage()
    saved(await save(id, { kind: 'publish' }))
    const at = new Date(Date.now() + 60_000).toISOString()
    saved(await save(id, { kind: 'schedule', at }, retitle('Live in a minute')))
    const page = await read(id)
    expect(page).toMatchObject({ status: 'scheduled', scheduledAt: at })
    expect(page.draft.blocks[0]!.data).toMatchObject({ title: 'Live in a minute' })
    expect(await nextScheduledPageChange(db(), nowIso())).toBe(at)
    expect(await actions(id)).toEqual(['scheduled', 'published', 'created'])

    const row = (await getPageByPath(db(), path))!
    expect(visibleContent(row, nowIso())!.blocks[0]!.data).not.toMatchObject({ title: 'Live in a minute' })
    const later = new Date(Date.parse(at) + 1).toISOString()
    expect(visibleContent(row, later)!.blocks[0]!.data).toMatchObject({ title: 'Live in a minute' })

    await foldDueSchedules(db(), later)
    const folded = (await getPage(db(), id))!
    expect(folded).toMatchObject({ scheduled: null, scheduled_at: null })
    expect(visibleContent(folded, nowIso())!.blocks[0]!.data).toMatchObject({ title: 'Live in a minute' })
  })

  it('has each instance’s timer fold a page’s change when its time comes, and clear the cache', async () => {
    const { id } = await newPage()
    saved(await save(id, { kind: 'publish' }))
    let offset = 0
    const clock = () => Date.now() + offset
    const due: number[] = []
    const schedule = watchPublishSchedule(db(), () => due.push(clock()), clock)
    try {
      const at = Date.now() + 60 * 60 * 1000
      saved(await save(id, { kind: 'schedule', at: new Date(at).toISOString() }, retitle('On the hour')))
      schedule.rearm()
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(due).toEqual([])

      offset = at - 400 - Date.now()
      schedule.rearm()
      await expect.poll(() => due.length, { timeout: 5_000 }).toBeGreaterThan(0)
      expect(due[0]).toBeGreaterThanOrEqual(at)
      expect(await getPage(db(), id)).toMatchObject({ scheduled: null, scheduled_at: null })
      expect((await read(id)).live!.blocks[0]!.data).toMatchObject({ title: 'On the hour' })
    } finally {
      schedule.stop()
    }
  })

  it('shows a scheduled change once its time comes, without a timer', async () => {
    const { id, path } = await newPage()
    saved(await save(id, { kind: 'publish' }))
    saved(await save(id, { kind: 'schedule', at: new Date(Date.now() + 1_000).toISOString() }, retitle('A second later')))
    await new Promise((done) => setTimeout(done, 1_100))
    const row = (await getPageByPath(db(), path))!
    expect(visibleContent(row, nowIso())!.blocks[0]!.data).toMatchObject({ title: 'A second later' })
    expect((await read(id)).status).toBe('published')
  })

  it('refuses a schedule in the past or at no time, storing nothing', async () => {
    const { id } = await newPage()
    const before = (await getPage(db(), id))!
    expect(await save(id, { kind: 'schedule', at: new Date(Date.now() - 1_000).toISOString() })).toEqual({
      outcome: 'invalid',
      errors: { at: PAGE_MESSAGES.atPast },
    })
    expect(await save(id, { kind: 'schedule', at: 'next tuesday' })).toEqual({
      outcome: 'invalid',
      errors: { at: PAGE_MESSAGES.atInvalid },
    })
    expect(await getPage(db(), id)).toEqual(before)
  })

  it('moves a published page to a new path with a 301 from the old one, which leaves the sitemap', async () => {
    const { id, path } = await newPage()
    saved(await save(id, { kind: 'publish' }, (content) => (content.search.hidden = false)))
    const moved = unique('moved')
    saved(await save(id, { kind: 'draft' }, undefined, { path: moved }))
    expect((await redirects())[path]).toBe(moved)
    expect(await getPageByPath(db(), path)).toBeUndefined()
    const sitemap = (await listSitemapEntries(db())).map((entry) => entry.path)
    expect(sitemap).toContain(moved)
    expect(sitemap).not.toContain(path)

    // Moving back replaces the redirect the first move left.
    saved(await save(id, { kind: 'draft' }, undefined, { path }))
    expect(await redirects()).toMatchObject({ [moved]: path })
    expect(await redirects()).not.toHaveProperty(path)
  })

  it('moves a draft page without a redirect', async () => {
    const { id, path } = await newPage()
    saved(await save(id, { kind: 'draft' }, undefined, { path: unique('elsewhere') }))
    expect(await redirects()).not.toHaveProperty(path)
  })

  describe('refuses, with a message at the field and nothing stored', () => {
    let page: { id: string; path: string }
    let before: unknown
    beforeAll(async () => {
      page = await newPage()
      saved(await save(page.id, { kind: 'publish' }))
      before = await getPage(db(), page.id)
    })
    const refused = async (result: PageSaveResult, errors: Record<string, string>) => {
      expect(result).toEqual({ outcome: 'invalid', errors })
      expect(await getPage(db(), page.id)).toEqual(before)
      expect(await actions(page.id)).toEqual(['published', 'created'])
    }

    it('a javascript: link', async () => {
      let at = ''
      const result = await save(page.id, { kind: 'publish' }, (content) => {
        const { band, index } = ctaBand(content)
        band.data = { ...band.data, buttonAction: 'link', buttonLink: 'javascript:alert(1)' }
        at = `blocks.${index}.data.buttonLink`
      })
      await refused(result, { [at]: linkProblem('javascript:alert(1)')! })
    })

    it('a link to a path with nothing there, or to a page not yet published', async () => {
      const draft = await newPage('unpublished')
      let at = ''
      const linkTo = (target: string) => (content: PageContent) => {
        const { band, index } = ctaBand(content)
        band.data = { ...band.data, buttonAction: 'link', buttonLink: target }
        at = `blocks.${index}.data.buttonLink`
      }
      await refused(await save(page.id, { kind: 'publish' }, linkTo('/no-such-page#top')), {
        [at]: PAGE_MESSAGES.missingLink('/no-such-page'),
      })
      await refused(await save(page.id, { kind: 'publish' }, linkTo(draft.path)), { [at]: PAGE_MESSAGES.missingLink(draft.path) })
      // A draft may link to it: nobody sees the draft until it is published.
      expect((await save(draft.id, { kind: 'draft' }, linkTo(draft.path))).outcome).toBe('saved')
    })

    it('a page under /admin, over a post, over another page or a redirect, or at a path the site answers itself', async () => {
      await refused(await save(page.id, { kind: 'draft' }, undefined, { path: '/admin/x' }), { path: PAGE_MESSAGES.pathReserved('/admin') })
      const post = `/resources/blog/${postSlug}`
      await refused(await save(page.id, { kind: 'draft' }, undefined, { path: post }), {
        path: PAGE_MESSAGES.pathTakenByPost(`Test post ${postSlug}`),
      })
      const other = await newPage('other')
      await refused(await save(page.id, { kind: 'draft' }, undefined, { path: other.path }), {
        path: PAGE_MESSAGES.pathTakenByPage('Spring HVAC'),
      })
      await putRedirect(db(), '/lp/old-offer', '/contact', 301)
      await refused(await save(page.id, { kind: 'draft' }, undefined, { path: '/lp/old-offer' }), {
        path: PAGE_MESSAGES.pathTakenByRedirect('/contact'),
      })
      await refused(await save(page.id, { kind: 'draft' }, undefined, { path: '/sitemap.xml' }), { path: PAGE_MESSAGES.pathCharacters })
      await refused(await save(page.id, { kind: 'draft' }, undefined, { path: '/case-studies' }), {
        path: PAGE_MESSAGES.pathFixed('/case-studies'),
      })
      for (const [path, message] of [
        ['lp/x', PAGE_MESSAGES.pathStart],
        ['/lp/x/', PAGE_MESSAGES.pathTrailing],
        ['/LP/x', PAGE_MESSAGES.pathCharacters],
        ['/lp//x', PAGE_MESSAGES.pathCharacters],
        [`/${'a'.repeat(200)}`, PAGE_MESSAGES.pathTooLong],
      ] as const) {
        await refused(await save(page.id, { kind: 'draft' }, undefined, { path }), { path: message })
      }
      expect(await createPage(ctx(), editor, { path: post, name: 'Over a post', template: 'blank', hidden: false })).toEqual({
        outcome: 'invalid',
        errors: { path: PAGE_MESSAGES.pathTakenByPost(`Test post ${postSlug}`) },
      })
    })

    it('a block missing a required field, and a second main heading', async () => {
      await refused(await save(page.id, { kind: 'draft' }, retitle('')), { 'blocks.0.data.title': 'Title is required' })
      const second = await save(page.id, { kind: 'draft' }, (content) => {
        content.blocks.push({ ...structuredClone(content.blocks[0]!), id: 'second-header' })
      })
      await refused(second, { 'blocks.5.type': MAIN_HEADING_MESSAGES.second })
      await refused(await save(page.id, { kind: 'draft' }, undefined, { name: ' ' }), { name: PAGE_MESSAGES.nameRequired })
    })

    it('a save over a newer version (stale), of a page that is gone, and an Author’s', async () => {
      const current = await read(page.id)
      const input = { id: page.id, version: '2020-01-01T00:00:00.000Z', path: current.path, name: current.name, content: current.draft }
      expect(await savePage(ctx(), editor, input, { kind: 'publish' })).toEqual({ outcome: 'stale' })
      expect(await savePage(ctx(), editor, { ...input, id: 'no-such-page' }, { kind: 'publish' })).toEqual({ outcome: 'gone' })
      await expect(savePage(ctx(), author, { ...input, version: current.version }, { kind: 'publish' })).rejects.toMatchObject({
        init: { status: 403 },
      })
      expect(await getPage(db(), page.id)).toEqual(before)
    })
  })

  it('restores a revision into the draft only, and compares revisions block by block', async () => {
    const { id } = await newPage()
    saved(await save(id, { kind: 'publish' }, retitle('First words')))
    saved(await save(id, { kind: 'publish' }, retitle('Second words')))
    const [newest, older] = await listRevisions(db(), 'page', id)
    const [to, from] = await Promise.all([
      getRevision<Record<string, unknown>>(db(), 'page', id, newest!.id),
      getRevision<Record<string, unknown>>(db(), 'page', id, older!.id),
    ])
    const changes = revisionChanges('page', from!.snapshot, to!.snapshot, 'UTC')
    expect(changes.map((change) => change.label)).toEqual(['Page header (block 1)'])

    const current = await read(id)
    expect(
      await restoreRevision(db(), ctx(), pageRevisions, { recordId: id, version: current.version, revision: from!, user: editor }),
    ).toBeNull()
    const restored = await read(id)
    expect(restored.draft.blocks[0]!.data).toMatchObject({ title: 'First words' })
    expect(restored.live!.blocks[0]!.data).toMatchObject({ title: 'Second words' })
    expect(restored).toMatchObject({ status: 'changed', path: current.path, name: current.name })
    expect((await actions(id))[0]).toBe('restored')
  })
})
