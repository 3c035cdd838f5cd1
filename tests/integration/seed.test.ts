import { expect, it } from 'vitest'
import { caseStudies } from '~/content/case-studies'
import { migrateToLatest } from '~/server/db/connection.server'
import { seedOnce } from '~/server/services/seed.server'
import { describeEachDatabase } from '../support/databases'

describeEachDatabase('migrations and first-start seed', (getDb) => {
  it('migrates to the latest schema and does nothing when run again', async () => {
    expect(await migrateToLatest(getDb())).toEqual([])
  })

  it('seeds the spec content on an empty database', async () => {
    const { db } = getDb()
    expect(await seedOnce(db)).toBe(true)

    const studies = await db.selectFrom('case_studies').selectAll().orderBy('position').execute()
    expect(studies.map((s) => s.id)).toEqual([
      'healthcare-ai',
      'legal-workflow',
      'retail-chatbot',
      'hvac-assistant',
      'doggy-daycare',
      'real-estate-lead',
      'barber-scheduling',
      'lawn-care',
      'personal-trainer',
      'property-management',
    ])
    expect(JSON.parse(studies[0]!.results)).toEqual(caseStudies[0]!.results)

    expect(await db.selectFrom('team_members').selectAll().execute()).toHaveLength(4)
    const authors = await db.selectFrom('authors').selectAll().execute()
    expect(authors).toHaveLength(2)
    expect(authors.every((a) => a.bio && a.bio.length > 20)).toBe(true)

    const posts = await db.selectFrom('blog_posts').selectAll().execute()
    expect(posts.filter((p) => p.published === 1 && p.published_at)).toHaveLength(3)
    expect(posts.filter((p) => p.published === 0 && p.published_at === null)).toHaveLength(1)
    expect(posts.every((p) => p.content.includes('## '))).toBe(true)
    const tags = await db.selectFrom('post_tags').select(['post_id', 'tag']).execute()
    expect(new Set(tags.map((t) => t.post_id)).size).toBe(4)
  })

  it('never seeds twice and never touches edited or deleted content', async () => {
    const { db } = getDb()
    const member = await db.selectFrom('team_members').select('id').executeTakeFirstOrThrow()
    await db.updateTable('team_members').set({ name: 'Edited Name' }).where('id', '=', member.id).execute()
    await db.deleteFrom('case_studies').where('id', '=', 'lawn-care').execute()

    expect(await seedOnce(db)).toBe(false)
    expect(await db.selectFrom('team_members').selectAll().execute()).toHaveLength(4)
    const edited = await db.selectFrom('team_members').select('name').where('id', '=', member.id).executeTakeFirstOrThrow()
    expect(edited.name).toBe('Edited Name')
    expect(await db.selectFrom('case_studies').select('id').execute()).toHaveLength(9)
  })
})
