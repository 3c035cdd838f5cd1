import { expect, it } from 'vitest'

// app/content holds words and data; what works them out lives in app/lib or the server.
const modules = import.meta.glob<Record<string, unknown>>('/app/content/*.ts', { eager: true })

/** Where a function hides in a value, as paths like 'roiCalculator.announce'. */
function functionsIn(value: unknown, path: string): string[] {
  if (typeof value === 'function') return [path]
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, inner]) => functionsIn(inner, `${path}.${key}`))
}

it('reads every content module with its exports', () => {
  expect(modules['/app/content/roi-calculator.ts']).toHaveProperty('roiCalculator.worksheet.steps')
  expect(functionsIn({ copy: { announce: () => '' } }, 'roi')).toEqual(['roi.copy.announce'])
})

it('exports words and data only, no functions', () => {
  const found = Object.entries(modules).flatMap(([file, exports]) => functionsIn(exports, file.replace('/app/content/', '')))
  expect(found).toEqual([])
})
