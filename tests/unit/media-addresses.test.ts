import { expect, it } from 'vitest'
import { mediaAddressesIn } from '~/lib/images'

it('finds each uploaded image a post’s Markdown names, ending where the Markdown or the sentence does', () => {
  const markdown = [
    '![A chart](/media/images/blog/a1.png) and more text on the line.',
    'See https://example.com/media/images/blog/b2.webp.',
    '![Again](/media/images/blog/a1.png)',
    'Not ours: /static/c3.png',
  ].join('\n')
  expect(mediaAddressesIn(markdown)).toEqual(['/media/images/blog/a1.png', '/media/images/blog/b2.webp'])
})

it('ends an address at the escapes and quotes of stored JSON', () => {
  const json = JSON.stringify({ content: '![x](/media/images/blog/d4.png)\n\nText', featuredImage: '/media/images/blog/e5.avif' })
  expect(mediaAddressesIn(json)).toEqual(['/media/images/blog/d4.png', '/media/images/blog/e5.avif'])
  expect(mediaAddressesIn(JSON.stringify({ content: 'Bare /media/images/blog/f6.png\nnext line' }))).toEqual(['/media/images/blog/f6.png'])
})
