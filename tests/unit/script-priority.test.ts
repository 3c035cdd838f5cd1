import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { lowPriorityModulePreloads } from '~/server/host/script-priority.server'

function through(chunks: Buffer[]) {
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()))
}

describe('lowPriorityModulePreloads', () => {
  const html = '<head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/b.js"/><link rel="modulepreload" href="/c.js"/></head><p>Café ✓</p>'
  const expected = html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"')

  it('marks every module preload low and leaves the rest alone', async () => {
    expect(await through([Buffer.from(html)])).toBe(expected)
  })

  it('finds a tag and a character cut across chunks at any byte', async () => {
    const bytes = Buffer.from(html)
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected)
    }
  })
})
