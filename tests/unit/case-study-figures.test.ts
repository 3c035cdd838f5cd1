import { describe, expect, it } from 'vitest'
import { caseStudies } from '~/content/case-studies'
import { homePage } from '~/content/pages/home'
import { figureKey, repeatedFigureWarning } from '~/lib/case-study-schema'

/** The numbers a result states, in order: "from about 30 a week to 4" gives "30,4". */
const numbersOf = (line: string) => (line.match(/\d+(?:\.\d+)?/g) ?? []).join(',')

/** Each key with the clients it is credited to, where that is more than one. */
function sharedBetweenClients(entries: { key: string; client: string }[]) {
  const clients = new Map<string, Set<string>>()
  for (const { key, client } of entries) if (key) clients.set(key, (clients.get(key) ?? new Set()).add(client))
  return [...clients].filter(([, owners]) => owners.size > 1).map(([key, owners]) => `${key}: ${[...owners].join(', ')}`)
}

describe('the seeded proof', () => {
  it('gives every study a headline figure no other study shows', () => {
    const figures = caseStudies.map((study) => ({ key: figureKey(study.headline?.figure ?? ''), client: study.client }))
    expect(figures.every(({ key }) => key !== '')).toBe(true)
    expect(sharedBetweenClients(figures)).toEqual([])
  })

  it('credits each result, and the numbers it states, to one client only', () => {
    const results = caseStudies.flatMap(({ client, results }) =>
      results.flatMap((line) => [
        { key: line.toLowerCase(), client },
        { key: numbersOf(line), client },
      ]),
    )
    expect(sharedBetweenClients(results)).toEqual([])
  })

  it("features each client once in the home page's proof, none of them among the hero's figures", () => {
    const proof = homePage.content.blocks.find((block) => block.id === 'home-proof')
    const ids = (proof?.data as { studies: string[] }).studies
    expect(ids).toHaveLength(4)
    const clients = ids.map((id) => caseStudies.find((study) => study.id === id)!.client)
    expect(new Set(clients).size).toBe(4)
    // The hero shows the first three studies with a headline, in the seeded order.
    const hero = caseStudies.filter((study) => study.headline).slice(0, 3)
    for (const study of hero) expect(ids).not.toContain(study.id)
  })
})

describe('the repeated figure warning', () => {
  const others = [
    { id: 'doggy-daycare', client: 'Wag & Wade Doggy Daycare', figure: '+18%' },
    { id: 'healthcare-ai', client: 'Bayou Family Clinic', figure: '30 → 4' },
  ]

  it('names the client already showing the figure, whatever its spaces and case', () => {
    expect(repeatedFigureWarning(' 30→4 ', others, null)).toBe(
      'Bayou Family Clinic already shows this figure. Each result should belong to one client.',
    )
    expect(repeatedFigureWarning('+18 %', others, 'lawn-care')).toMatch(/^Wag & Wade Doggy Daycare already shows/)
    expect(repeatedFigureWarning('Same DAY', [{ id: 'lawn-care', client: 'Sweetgum', figure: 'same day' }], null)).toMatch(/^Sweetgum/)
  })

  it('says nothing of a new figure, an empty one, or the study compared with itself', () => {
    expect(repeatedFigureWarning('+19%', others, null)).toBeUndefined()
    expect(repeatedFigureWarning('  ', [...others, { id: 'x', client: 'Blank', figure: '' }], null)).toBeUndefined()
    expect(repeatedFigureWarning('+18%', others, 'doggy-daycare')).toBeUndefined()
  })
})
