import { expect, it } from 'vitest'
import { readingMinutes, readingTimeLabel, wordCount } from '~/lib/reading-time'

it('counts the words a reader reads, not the marks, addresses, code or pictures around them', () => {
  expect(wordCount('')).toBe(0)
  expect(wordCount('## A heading\n\nSome **bold** and _italic_ words.')).toBe(7)
  expect(wordCount('See [our pricing](https://example.com/solutions#pricing) now.')).toBe(4)
  expect(wordCount('![a robot at a desk](/media/x.png)\n\nOne line.')).toBe(2)
  expect(wordCount('Before\n\n```\nconst a = 1\n```\n\nafter - and — then')).toBe(4)
  expect(wordCount('Ça coûte 1 500 $ — déjà?')).toBe(5)
})

it('turns words into whole minutes, one at the least, at 225 words a minute', () => {
  expect(readingMinutes(0)).toBe(0)
  expect(readingMinutes(10)).toBe(1)
  expect(readingMinutes(450)).toBe(2)
  expect(readingMinutes(1000)).toBe(4)
  expect(readingTimeLabel(4)).toBe('4 min read')
})
