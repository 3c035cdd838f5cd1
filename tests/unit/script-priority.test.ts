import { describe, expect, it } from 'vitest'
import { lowPriorityModulePreloads } from '~/server/host/script-priority.server'

describe('lowPriorityModulePreloads', () => {
  it('marks every module preload low and leaves the rest alone', () => {
    const html =
      '<head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/b.js"/><link rel="modulepreload" href="/c.js"/></head><p>Café ✓</p>'
    expect(lowPriorityModulePreloads(html)).toBe(
      '<head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" fetchpriority="low" href="/b.js"/><link rel="modulepreload" fetchpriority="low" href="/c.js"/></head><p>Café ✓</p>',
    )
  })

  it('leaves a page without module preloads as it was', () => {
    const plain = '<head><link rel="stylesheet" href="/a.css"/></head><p>modulepreload in text</p>'
    expect(lowPriorityModulePreloads(plain)).toBe(plain)
  })
})
