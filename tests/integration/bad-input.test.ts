import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { action as authorAction } from '~/routes/admin/author-editor'
import { action as caseStudyAction } from '~/routes/admin/case-study-editor'
import { loader as inboxLoader } from '~/routes/admin/inbox'
import { loader as inboxMessageLoader } from '~/routes/admin/inbox-message'
import { action as postAction, loader as postEditorLoader } from '~/routes/admin/post-editor'
import { action as previewAction } from '~/routes/admin/post-preview'
import { action as settingsAction } from '~/routes/admin/settings'
import { action as teamAction } from '~/routes/admin/team-member-editor'
import { loader as blogLoader } from '~/routes/site/blog'
import { loader as postLoader } from '~/routes/site/blog-post'
import { signIn } from '~/server/services/auth.server'
import { createInquiry } from '~/server/repositories/inquiries.server'
import type { LeadFormResult } from '~/server/http/lead-form.server'
import { upsertAdmin } from '~/server/services/users.server'
import { action as pageAction } from '~/routes/site/page'
import { seedPagesOnce } from '~/server/services/seed-pages.server'
import { createTestAuthor, createTestPost } from '../support/blog'
import { formRequest, testContext, toastFrom } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

/*
 * The bad-input catalogue (issue 7), the part that calls route loaders and actions directly on both
 * engines: SQL metacharacters in search, tag, page, slug and id parameters, and every field one
 * character over its limit (refused with the field's message, nothing stored) and exactly at it
 * (accepted). The browser half, for stored and reflected XSS, is tests/e2e/bad-input.test.ts.
 */

type Errors = Record<string, string>
type EditorResult = { errors: Errors; values: unknown; toast: string }
type BlogData = Awaited<ReturnType<typeof blogLoader>>

/** Values that would change the meaning of a query built by string concatenation. */
const SQL_PROBES = [
  "' OR 1=1 --",
  "' OR '1'='1",
  '" OR ""="',
  '"; DROP TABLE blog_posts; --',
  "'); DELETE FROM post_tags; --",
  "' UNION SELECT id, email, password_hash FROM users --",
  "1; UPDATE blog_posts SET title = 'pwned'",
  "\\'",
  '%%',
  '*',
  '[a-z]%',
  'ＤＲＯＰ　ＴＡＢＬＥ', // full-width letters and space, which NFKC folds to ASCII
  '🙂 \u202Ertl\u202C ﷽',
  'nul\u0000inside',
  'x'.repeat(10_000),
]

let png: Uint8Array<ArrayBuffer>
beforeAll(async () => {
  png = Uint8Array.from(
    await sharp({ create: { width: 48, height: 32, channels: 3, background: '#335577' } })
      .png()
      .toBuffer(),
  )
})
const noFile = () => new File([], '', { type: 'application/octet-stream' })

describeEachDatabase('bad input', (getDb) => {
  // The forms post to their pages, which the seed creates.
  beforeAll(async () => {
    await seedPagesOnce(getDb().db)
  })
  const db = () => getDb().db
  let address = 0
  /** Each lead gets its own address, so the five-an-hour limit never gets in the way. */
  const ctx = () => testContext(db(), `198.51.100.${++address % 250}`)
  let cookie = ''
  let authorId = ''

  beforeAll(async () => {
    authorId = await createTestAuthor(db(), { name: 'Meta Character' })
    await upsertAdmin(db(), 'editor@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), {
      email: 'editor@example.com',
      password: 'a-long-password',
    })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })

  const get = (path: string) => new Request(`http://localhost${path}`, { headers: { Cookie: cookie } })
  const multipart = (path: string, fields: Record<string, string | string[] | File>) => {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(name, v)
    }
    return new Request(`http://localhost${path}`, { method: 'POST', body: form, headers: { Cookie: cookie } })
  }
  const count = async (table: 'blog_posts' | 'post_tags' | 'authors' | 'team_members' | 'case_studies' | 'inquiries' | 'files' | 'users') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const rowCounts = async () => ({
    posts: await count('blog_posts'),
    tags: await count('post_tags'),
    authors: await count('authors'),
    users: await count('users'),
    titles: (await db().selectFrom('blog_posts').select('title').orderBy('id').execute()).map((r) => r.title),
  })

  describe('SQL metacharacters and nonsense in search, tag, page, slug and id parameters', () => {
    const titles = {
      percent: 'Discount day: 100% of calls answered',
      underscore: 'Naming things in snake_case for your CRM',
      backslash: 'Windows paths like C:\\Shop\\Files',
      quote: 'The owner\'s guide to "smart" phones',
      plain: 'A plain post about scheduling',
    }
    const blog = async (query: string) =>
      callRoute(blogLoader, new Request(`http://localhost/resources/blog?${query}`), ctx()) as Promise<BlogData | Response>
    const found = (result: BlogData | Response) => {
      if (result instanceof Response || !('posts' in result)) throw new Error(`expected the blog list, got status ${unwrap(result).status}`)
      return result.posts.map((p) => p.title).sort()
    }

    beforeAll(async () => {
      await createTestPost(db(), authorId, { title: titles.percent, excerpt: 'Every one of them.', tags: ["' OR 1=1 --"] })
      await createTestPost(db(), authorId, { title: titles.underscore, excerpt: 'Lower case and underscores.', tags: ['100%'] })
      await createTestPost(db(), authorId, { title: titles.backslash, excerpt: 'Folders and drives.', tags: ['back\\slash'] })
      await createTestPost(db(), authorId, { title: titles.quote, excerpt: 'Quotes in titles.', tags: ['Phones'] })
      await createTestPost(db(), authorId, { title: titles.plain, excerpt: 'Nothing odd here.', tags: ['Phones'] })
    })

    it('treats %, _ and \\ in the blog search ?q= literally: each matches only the post that contains it', async () => {
      expect(found(await blog('q=%25'))).toEqual([titles.percent])
      expect(found(await blog('q=_'))).toEqual([titles.underscore])
      expect(found(await blog('q=%5C'))).toEqual([titles.backslash])
      expect(found(await blog(`q=${encodeURIComponent('"smart"')}`))).toEqual([titles.quote])
      expect(found(await blog(`q=${encodeURIComponent("owner's")}`))).toEqual([titles.quote])
      // A pattern that would match everything if the wildcards were live matches nothing.
      expect(found(await blog('q=%25_%25'))).toEqual([])
    })

    it("answers SQL injection attempts in the blog search ?q= (' OR 1=1 --, DROP TABLE, UNION, NUL, 10 000 characters) with an empty list and changes nothing", async () => {
      const before = await rowCounts()
      for (const probe of SQL_PROBES) {
        const result = await blog(`q=${encodeURIComponent(probe)}`)
        expect(found(result), `q=${JSON.stringify(probe.slice(0, 40))}`).toEqual([])
      }
      expect(await rowCounts()).toEqual(before)
    })

    it('answers SQL injection attempts in the blog tag filter ?tag= with an empty list, matches a tag that really is such text exactly, and changes nothing', async () => {
      const before = await rowCounts()
      for (const probe of SQL_PROBES.filter((p) => p !== "' OR 1=1 --")) {
        expect(found(await blog(`tag=${encodeURIComponent(probe)}`)), `tag=${JSON.stringify(probe.slice(0, 40))}`).toEqual([])
      }
      expect(found(await blog(`tag=${encodeURIComponent("' OR 1=1 --")}`))).toEqual([titles.percent])
      expect(found(await blog('tag=100%25'))).toEqual([titles.underscore])
      expect(found(await blog('tag=100'))).toEqual([])
      expect(found(await blog('tag=%25'))).toEqual([])
      expect(found(await blog('tag=back%5Cslash'))).toEqual([titles.backslash])
      expect(await rowCounts()).toEqual(before)
    })

    it('reads control characters (NUL, tab, newline) and invalid UTF-8 in ?q= and ?tag= as blanks: a normal list, never a database error', async () => {
      const everything = found(await blog(''))
      const before = await rowCounts()
      for (const param of ['q', 'tag']) {
        for (const blank of ['%00', '%00%00%00', '%09%0A%0D', '%1B%7F']) {
          expect(found(await blog(`${param}=${blank}`)), `${param}=${blank}`).toEqual(everything)
        }
        for (const value of ['nul%00inside', 'schedul%00ing', '%ED%A0%80', '%FF%FE', '%C0%AF', '%E2%80%AE']) {
          expect(found(await blog(`${param}=${value}`)), `${param}=${value}`).toEqual([])
        }
      }
      expect(await rowCounts()).toEqual(before)
    })

    it('answers a nonsense or enormous blog ?page= (1e21, 2^53+1, -1, 0x10, Infinity, text) with page 1 or a 404, never an error', async () => {
      for (const page of ['abc', '-1', '0', '1.5', 'Infinity', '-Infinity', 'NaN', "1' OR '1'='1", '']) {
        const result = await blog(`page=${encodeURIComponent(page)}`)
        expect(found(result).length, `page=${page}`).toBeGreaterThan(0)
      }
      for (const page of ['2', '99', '0x10', '9007199254740993', '1e21', '1e308', '999999999999999999999999']) {
        const result = await blog(`page=${page}`)
        expect(unwrap(result).status, `page=${page}`).toBe(404)
      }
    })

    it('answers SQL metacharacters, wildcards, NUL and over-long values as a post slug with 404 and changes nothing', async () => {
      const existing = await createTestPost(db(), authorId, { slug: 'plain-slug-post' })
      const before = await rowCounts()
      const slugs = [
        ...SQL_PROBES,
        ...['plain-slug-pos_', 'plain-slug-%', 'plain-slug-post%', '%', '_', '\\', 'PLAIN-SLUG-POST', 'ünïcödé-slug'],
        ...['\u0000', 'plain-slug-post\u0000', '\uD800', 'plain-slug-post\uFFFD', '../../etc/passwd', 'plain-slug-post/..'],
      ]
      for (const slug of slugs) {
        // React Router hands the loader the decoded slug; the URL is only for show.
        const result = await callRoute(postLoader, new Request('http://localhost/resources/blog/probe'), ctx(), { slug })
        expect(unwrap(result).status, `slug ${JSON.stringify(slug.slice(0, 40))}`).toBe(404)
      }
      const real = await callRoute(postLoader, new Request(`http://localhost/resources/blog/${existing.slug}`), ctx(), {
        slug: existing.slug,
      })
      expect(unwrap(real).status).toBe(200)
      expect(await rowCounts()).toEqual(before)
    })

    it('sends SQL metacharacters as an admin record id back to the list with "not found" toasts, and changes nothing', async () => {
      await createInquiry(db(), { kind: 'contact', name: 'Ann', email: 'ann@example.com', business: null, message: 'Hi', ip: '192.0.2.1' })
      const before = { ...(await rowCounts()), inquiries: await count('inquiries') }
      for (const id of ["' OR 1=1 --", "' OR '1'='1", '%', '_', '\\', '1; DROP TABLE inquiries', '\u0000', `${'f'.repeat(36)}\u0000`]) {
        const message = unwrap(await callRoute(inboxMessageLoader, get(`/admin/inbox/${encodeURIComponent(id)}`), ctx(), { id }))
        expect(message.headers.get('Location'), `inbox id ${JSON.stringify(id)}`).toBe('/admin/inbox')
        expect(toastFrom(message.headers)?.title).toBe('Message not found')
        const post = unwrap(await callRoute(postEditorLoader, get(`/admin/blog/edit/${encodeURIComponent(id)}`), ctx(), { id }))
        expect(post.headers.get('Location'), `post id ${JSON.stringify(id)}`).toBe('/admin/blog')
        expect(toastFrom(post.headers)?.title).toBe('Failed to load post')
      }
      expect({ ...(await rowCounts()), inquiries: await count('inquiries') }).toEqual(before)
    })

    it('answers a nonsense or enormous admin inbox ?page= with a page of messages or a redirect to the last page, never an error', async () => {
      for (const page of ['abc', '-1', '1.5', "1' OR '1'='1"]) {
        const result = unwrap<{ inquiries: unknown[] }>(
          await callRoute(inboxLoader, get(`/admin/inbox?page=${encodeURIComponent(page)}`), ctx()),
        )
        expect(result.status, `page=${page}`).toBe(200)
        expect(result.data.inquiries.length).toBeGreaterThan(0)
      }
      for (const page of ['9007199254740993', '1e21', '1e308']) {
        const result = unwrap(await callRoute(inboxLoader, get(`/admin/inbox?page=${page}`), ctx()))
        expect([result.status, result.headers.get('Location')], `page=${page}`).toEqual([302, '/admin/inbox'])
      }
    })
  })

  describe('a NUL character in a text field', () => {
    it('refuses a NUL in a contact message, a post title, an author name and a team member name with 400 "Some of the text sent could not be read…" and stores nothing', async () => {
      const before = {
        posts: await count('blog_posts'),
        authors: await count('authors'),
        members: await count('team_members'),
        leads: await count('inquiries'),
      }
      const sent = [
        await callRoute(
          pageAction,
          formRequest('/contact', { name: 'Nul Lead', email: 'nul@example.com', message: 'hi\u0000there' }),
          ctx(),
        ),
        await callRoute(
          postAction,
          multipart('/admin/blog/new', {
            title: 'Nul\u0000title',
            content: 'Body.',
            excerpt: '',
            authorId,
            publishAt: '',
            featuredImage: noFile(),
          }),
          ctx(),
        ),
        await callRoute(
          authorAction,
          multipart('/admin/authors/new', { name: 'Nul\u0000Author', email: 'nul@example.com', bio: '', avatar: noFile() }),
          ctx(),
        ),
        await callRoute(
          teamAction,
          multipart('/admin/team/new', { name: 'Nul\u0000Member', role: 'Role', bio: '', avatar: noFile() }),
          ctx(),
        ),
      ].map((result) => unwrap<string>(result))
      for (const result of sent) {
        expect([result.status, result.data]).toEqual([
          400,
          'Some of the text sent could not be read. Please retype it and send the form again.',
        ])
      }
      expect({
        posts: await count('blog_posts'),
        authors: await count('authors'),
        members: await count('team_members'),
        leads: await count('inquiries'),
      }).toEqual(before)
    })
  })

  describe('over-long fields: one over the limit is refused with the message, exactly at it is accepted', () => {
    const savePost = async (fields: Record<string, string | string[]>) => {
      const defaults = { title: 'Limit post', slug: '', content: 'Body.', excerpt: '', authorId, publishAt: '', featuredImage: noFile() }
      return unwrap<EditorResult>(await callRoute(postAction, multipart('/admin/blog/new', { ...defaults, ...fields }), ctx()))
    }
    const postBySlug = (slug: string) => db().selectFrom('blog_posts').selectAll().where('slug', '=', slug).executeTakeFirst()

    it.each([
      ['title', 200, 'Title must be at most 200 characters'],
      ['excerpt', 500, 'Excerpt must be at most 500 characters'],
      ['content', 200_000, 'Content must be at most 200,000 characters'],
    ] as const)(
      'refuses a post %s one character over its limit of %i with "%s" and stores nothing; accepts one exactly at the limit',
      async (field, limit, message) => {
        const slug = `limit-${field}`
        const before = await count('blog_posts')
        const over = await savePost({ slug, [field]: 'a'.repeat(limit + 1) })
        expect(over.status).toBe(400)
        expect(over.data.errors).toEqual({ [field]: message })
        expect(over.data.toast).toBe(message)
        expect(await count('blog_posts')).toBe(before)

        const at = await savePost({ slug, [field]: 'a'.repeat(limit) })
        expect(at.status).toBe(302)
        const row = await postBySlug(slug)
        expect(row?.[field]).toHaveLength(limit)
      },
    )

    it('refuses a post tag of 51 characters and a 21st tag with their messages, and accepts 20 tags of 50 characters', async () => {
      const before = await count('blog_posts')
      const longTag = await savePost({ slug: 'limit-tags', tags: ['t'.repeat(51)] })
      expect([longTag.status, longTag.data.errors]).toEqual([400, { tags: 'Each tag must be at most 50 characters' }])
      const manyTags = Array.from({ length: 21 }, (_, i) => `${String(i).padStart(2, '0')}${'t'.repeat(48)}`)
      const tooMany = await savePost({ slug: 'limit-tags', tags: manyTags })
      expect([tooMany.status, tooMany.data.errors]).toEqual([400, { tags: 'A post can have at most 20 tags' }])
      expect(await count('blog_posts')).toBe(before)

      expect((await savePost({ slug: 'limit-tags', tags: manyTags.slice(0, 20) })).status).toBe(302)
      const row = (await postBySlug('limit-tags'))!
      const tags = await db().selectFrom('post_tags').select('tag').where('post_id', '=', row.id).execute()
      expect(tags.map((t) => t.tag.length)).toEqual(Array(20).fill(50))
    })

    it('refuses a post slug of 201 characters with its message and accepts one of 200', async () => {
      const over = await savePost({ slug: 's'.repeat(201) })
      expect([over.status, over.data.errors]).toEqual([400, { slug: 'Slug must be at most 200 characters' }])
      expect((await savePost({ slug: 's'.repeat(200) })).status).toBe(302)
      expect(await postBySlug('s'.repeat(200))).toBeDefined()
    })

    it('answers the editor preview with 413 for content of 200 001 characters and renders 200 000', async () => {
      const preview = (content: string) =>
        callRoute(previewAction, formRequest('/admin/blog/preview', { content }, cookie), ctx()) as Promise<Response>
      const over = await preview('a'.repeat(200_001))
      expect(over.status).toBe(413)
      const at = await preview('a'.repeat(200_000))
      expect(at.status).toBe(200)
      expect(((await at.json()) as { html: string }).html).toBe(`<p>${'a'.repeat(200_000)}</p>\n`)
    })

    const saveAuthor = async (fields: Record<string, string>) =>
      unwrap<EditorResult>(await callRoute(authorAction, multipart('/admin/authors/new', { avatar: noFile(), ...fields }), ctx()))

    it.each([
      ['name', 100, 'Name must be 100 characters or fewer'],
      ['bio', 2000, 'Bio must be 2,000 characters or fewer'],
    ] as const)(
      'refuses an author %s one character over its limit of %i with "%s" and stores nothing; accepts one exactly at the limit',
      async (field, limit, message) => {
        const email = `limit-${field}@example.com`
        const before = await count('authors')
        const over = await saveAuthor({ name: 'Limit Author', email, bio: '', [field]: 'n'.repeat(limit + 1) })
        expect([over.status, over.data.errors]).toEqual([400, { [field]: message }])
        expect(await count('authors')).toBe(before)
        const at = await saveAuthor({ name: 'Limit Author', email, bio: '', [field]: 'n'.repeat(limit) })
        expect(at.status).toBe(302)
        const row = await db().selectFrom('authors').selectAll().where('email', '=', email).executeTakeFirst()
        expect(row?.[field]).toHaveLength(limit)
      },
    )

    const saveMember = async (fields: Record<string, string>) =>
      unwrap<EditorResult>(await callRoute(teamAction, multipart('/admin/team/new', { avatar: noFile(), ...fields }), ctx()))

    it.each([
      ['name', 100, 'Name must be 100 characters or fewer'],
      ['role', 100, 'Role must be 100 characters or fewer'],
      ['bio', 2000, 'Bio must be 2,000 characters or fewer'],
    ] as const)(
      'refuses a team member %s one character over its limit of %i with "%s" and stores nothing; accepts one exactly at the limit',
      async (field, limit, message) => {
        const marker = `Limit ${field}`
        const before = await count('team_members')
        const over = await saveMember({ name: marker, role: 'Tester', bio: '', [field]: 'm'.repeat(limit + 1) })
        expect([over.status, over.data.errors]).toEqual([400, { [field]: message }])
        expect(await count('team_members')).toBe(before)
        const value = field === 'name' ? `${marker}${'m'.repeat(limit - marker.length)}` : 'm'.repeat(limit)
        const at = await saveMember({ name: marker, role: 'Tester', bio: '', [field]: value })
        expect(at.status).toBe(302)
        const row = await db().selectFrom('team_members').selectAll().where(field, '=', value).executeTakeFirst()
        expect(row?.[field]).toHaveLength(limit)
      },
    )

    const completeStudy = {
      title: 'Limit study',
      client: 'Limit Client',
      industry: 'Testing',
      briefDesc: 'Short.',
      challenge: 'A challenge.',
      solution: 'A solution.',
      results: 'One result',
      tags: 'Limits',
      testimonialQuote: 'It held.',
      testimonialAuthor: 'Lim Itt',
      testimonialPosition: 'Owner',
      position: '',
    }
    const saveStudy = async (fields: Record<string, string>) =>
      unwrap<EditorResult>(
        await callRoute(
          caseStudyAction,
          multipart('/admin/case-studies/new', {
            ...completeStudy,
            ...fields,
            image: new File([png], 'a.png', { type: 'image/png' }),
            imageAlt: 'A limit picture',
          }),
          ctx(),
        ),
      )

    it.each([
      ['title', 200, 'Title must be at most 200 characters', 'title'],
      ['client', 100, 'Client must be at most 100 characters', 'client'],
      ['brief description', 500, 'Brief description must be at most 500 characters', 'briefDesc'],
      ['challenge', 3000, 'Challenge must be at most 3,000 characters', 'challenge'],
      ['testimonial quote', 1000, 'Testimonial quote must be at most 1,000 characters', 'testimonialQuote'],
      ['testimonial author', 100, 'Testimonial author must be at most 100 characters', 'testimonialAuthor'],
    ] as const)(
      'refuses a case study %s one character over its limit of %i with "%s" and stores nothing, not even the image; accepts one exactly at the limit',
      async (_label, limit, message, field) => {
        const [studiesBefore, filesBefore] = [await count('case_studies'), await count('files')]
        const over = await saveStudy({ [field]: 'c'.repeat(limit + 1) })
        expect([over.status, over.data.errors]).toEqual([400, { [field]: message }])
        expect([await count('case_studies'), await count('files')]).toEqual([studiesBefore, filesBefore])
        const at = await saveStudy({ [field]: 'c'.repeat(limit) })
        expect(at.status).toBe(302)
        expect(await count('case_studies')).toBe(studiesBefore + 1)
      },
    )

    const contact = async (fields: Record<string, string>) =>
      unwrap<LeadFormResult>(
        await callRoute(pageAction, formRequest('/contact', { email: 'lead@example.com', message: 'Hello', ...fields }), ctx()),
      )
    const playbook = async (fields: Record<string, string>) =>
      unwrap<LeadFormResult>(
        await callRoute(pageAction, formRequest('/resources/ai-playbook', { email: 'lead@example.com', ...fields }), ctx()),
      )

    it.each([
      ['contact', 'name', 100, 'Please keep your name under 100 characters'],
      ['contact', 'business', 200, 'Please keep the business name under 200 characters'],
      ['contact', 'message', 5000, 'Please keep your message under 5,000 characters'],
      ['playbook', 'name', 100, 'Please keep your name under 100 characters'],
      ['playbook', 'business', 200, 'Please keep the business name under 200 characters'],
    ] as const)(
      'refuses a %s form %s one character over its limit of %i with "%s" and stores nothing; accepts one exactly at the limit',
      async (form, field, limit, message) => {
        const send = form === 'contact' ? contact : playbook
        const before = await count('inquiries')
        const over = await send({ name: 'Lead Limit', [field]: 'l'.repeat(limit + 1) })
        expect(over.status).toBe(400)
        expect(over.data).toMatchObject({ status: 'invalid', message, errors: { [field]: message } })
        expect(await count('inquiries')).toBe(before)
        const at = await send({ name: 'Lead Limit', [field]: 'l'.repeat(limit) })
        expect(at.data).toMatchObject({ status: 'sent' })
        const row = await db().selectFrom('inquiries').selectAll().where(field, '=', 'l'.repeat(limit)).executeTakeFirst()
        expect(row?.[field]).toHaveLength(limit)
      },
    )

    it('refuses a settings booking URL of 501 characters, a javascript: LinkedIn URL and a contact email with markup with their messages and stores nothing; accepts a 500-character URL', async () => {
      const settings = {
        intent: 'site',
        contactEmail: 'hello@example.com',
        partnersEmail: 'partners@example.com',
        bookingUrl: 'https://example.com/book',
        linkedinUrl: 'https://www.linkedin.com/company/example',
        twitterUrl: 'https://x.com/example',
        timeZone: 'America/Chicago',
      }
      const save = async (fields: Record<string, string>) =>
        unwrap<{ errors: Errors }>(
          await callRoute(settingsAction, formRequest('/admin/settings', { ...settings, ...fields }, cookie), ctx()),
        )
      const stored = () => db().selectFrom('site_settings').select(['key', 'value']).orderBy('key').execute()
      const before = await stored()
      const longUrl = (length: number) => `https://example.com/${'u'.repeat(length - 'https://example.com/'.length)}`

      const over = await save({ bookingUrl: longUrl(501) })
      expect([over.status, over.data.errors]).toEqual([400, { bookingUrl: 'Address must be 500 characters or fewer' }])
      const script = await save({ linkedinUrl: 'javascript:alert(1)//https://example.com' })
      expect([script.status, script.data.errors]).toEqual([
        400,
        { linkedinUrl: 'Please enter a full https:// address, like https://example.com/page' },
      ])
      const markupEmail = await save({ contactEmail: '"<script>alert(1)</script>"@example.com' })
      expect([markupEmail.status, markupEmail.data.errors]).toEqual([
        400,
        { contactEmail: 'Please enter a valid email address, like name@example.com' },
      ])
      expect(await stored()).toEqual(before)

      expect((await save({ bookingUrl: longUrl(500) })).status).toBe(302)
      expect((await stored()).find((row) => row.key === 'booking_url')?.value).toBe(longUrl(500))
    })
  })
})
