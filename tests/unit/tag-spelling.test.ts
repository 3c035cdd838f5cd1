import { expect, it } from 'vitest'
import { withKnownSpellings } from '~/lib/tag-spelling'

it('spells a tag as the blog already does, whatever its case, and keeps each subject once', () => {
  expect(withKnownSpellings(['small business', 'Phones', 'SMALL BUSINESS', ' phones '], ['Small Business', 'AI'])).toEqual([
    'Small Business',
    'Phones',
  ])
  expect(withKnownSpellings(['Réservations', 'réservations'], [])).toEqual(['Réservations'])
  expect(withKnownSpellings([], ['AI'])).toEqual([])
})
