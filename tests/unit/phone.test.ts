import { expect, it } from 'vitest'
import { telHref } from '~/lib/phone'

it.each([
  ['(504) 555-0142', 'tel:5045550142'],
  ['+1 (504) 555-0142', 'tel:+15045550142'],
  [' +44 20.7946.0958', 'tel:+442079460958'],
  ['504-555-0142', 'tel:5045550142'],
])('calls %j at %s', (phone, href) => {
  expect(telHref(phone)).toBe(href)
})
