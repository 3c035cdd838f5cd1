import { describe, expect, it } from 'vitest'
import { action as postListAction } from '~/routes/admin/blog'
import { action as messageAction } from '~/routes/admin/inbox-message'
import { action as loginAction } from '~/routes/admin/login'
import { action as settingsAction } from '~/routes/admin/settings'
import type { PublicContent } from '~/lib/admin-sections'
import { createInquiry } from '~/server/repositories/inquiries.server'
import { freshAdmin, sessionOf } from '../support/admins'
import { createTestAuthor, createTestPost } from '../support/blog'
import { formRequest, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

const statusOf = (result: unknown) => unwrap(result).status

describeEachDatabase('the page cache', (getDb) => {
  const db = () => getDb().db

  describe('what clears cached pages', () => {
    it('hears of committed post and settings writes, and not of refused ones, reads, sign-ins or lead handling', async () => {
      const heard: PublicContent[] = []
      const email = await freshAdmin(db())
      const cookie = await sessionOf(db(), email, '192.0.2.50')
      const ctx = () => testContext(db(), '192.0.2.50', (what) => heard.push(what))
      const post = await createTestPost(db(), await createTestAuthor(db()), { published: false, publishedAt: null })
      const leadId = await createInquiry(db(), {
        kind: 'contact',
        name: 'Lead',
        email: 'lead@example.com',
        business: null,
        message: 'Hi',
        ip: null,
      })

      await callRoute(loginAction, formRequest('/admin/login', { email, password: 'wrong' }), ctx())
      await callRoute(postListAction, formRequest('/admin/blog', { intent: 'publish', id: 'no-such-post' }, cookie), ctx())
      await callRoute(messageAction, formRequest(`/admin/inbox/${leadId}`, { intent: 'read' }, cookie), ctx(), { id: leadId })
      await callRoute(settingsAction, formRequest('/admin/settings', { intent: 'site', contactEmail: 'not an email' }, cookie), ctx())
      expect(heard).toEqual([])

      expect(statusOf(await callRoute(postListAction, formRequest('/admin/blog', { intent: 'publish', id: post.id }, cookie), ctx()))).toBe(
        200,
      )
      const site = {
        intent: 'site',
        contactEmail: 'hello@example.com',
        partnersEmail: 'partners@example.com',
        bookingUrl: 'https://example.com/book',
        linkedinUrl: 'https://www.linkedin.com/company/example',
        twitterUrl: 'https://x.com/example',
        timeZone: 'America/Chicago',
      }
      expect(statusOf(await callRoute(settingsAction, formRequest('/admin/settings', site, cookie), ctx()))).toBe(302)
      expect(heard).toEqual(['posts', 'site-settings'])
    })
  })
})
