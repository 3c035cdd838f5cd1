import { expect, it } from 'vitest'
import { containsPattern, foldForSearch } from '~/lib/search-text'

it('folds case in any language and compatibility forms, as both engines then compare it', () => {
  expect(foldForSearch('ÀÉÎ Straße ΣΊΣΥΦΟΣ')).toBe('àéî straße σίσυφος')
  // NFKC: full-width letters and the ligature read as the plain ones a visitor types.
  expect(foldForSearch('ＡＩ ﬁles')).toBe('ai files')
  // A decomposed accent and a precomposed one are one letter.
  expect(foldForSearch('Cafe\u0301')).toBe(foldForSearch('Café'))
})

it('makes a LIKE pattern that finds the folded term literally anywhere', () => {
  expect(containsPattern('AI Agents')).toBe('%ai agents%')
  expect(containsPattern('100%_off\\now')).toBe('%100\\%\\_off\\\\now%')
})
