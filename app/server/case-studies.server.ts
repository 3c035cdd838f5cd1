import type { CaseStudy } from '~/content/types'
import type { CaseStudiesTable, Db } from './db/schema.server'

function toCaseStudy(row: CaseStudiesTable): CaseStudy {
  return {
    id: row.id,
    title: row.title,
    client: row.client,
    industry: row.industry,
    briefDesc: row.brief_desc,
    challenge: row.challenge,
    solution: row.solution,
    results: JSON.parse(row.results) as string[],
    image: row.image,
    testimonial: { quote: row.testimonial_quote, author: row.testimonial_author, position: row.testimonial_position },
    tags: JSON.parse(row.tags) as string[],
  }
}

/** Every case study in the order the admin arranged them. */
export async function listCaseStudies(db: Db): Promise<CaseStudy[]> {
  const rows = await db.selectFrom('case_studies').selectAll().orderBy('position').orderBy('id').execute()
  return rows.map(toCaseStudy)
}

/** The studies with these ids, in the order the ids are given; missing ids are skipped. */
export async function getCaseStudiesByIds(db: Db, ids: string[]): Promise<CaseStudy[]> {
  if (ids.length === 0) return []
  const rows = await db.selectFrom('case_studies').selectAll().where('id', 'in', ids).execute()
  const byId = new Map(rows.map((r) => [r.id, toCaseStudy(r)]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}
