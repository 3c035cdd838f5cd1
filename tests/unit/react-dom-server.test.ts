import { executionAsyncId } from 'node:async_hooks'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { renderToPipeableStream } from '~/server/http/react-dom-server.server'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** Whether promises get async ids of their own, which Node does only while some async hook is on. */
async function promisesTracked() {
  const [outer, inner] = await new Promise<number[]>((resolve) =>
    setTimeout(() => {
      const outer = executionAsyncId()
      void Promise.resolve().then(() => resolve([outer, executionAsyncId()]))
    }, 1),
  )
  return inner !== 0 && inner !== outer
}

function render(element: React.ReactElement) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () =>
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk)
              done()
            },
            final(done) {
              resolve(Buffer.concat(chunks).toString('utf8'))
              done()
            },
          }),
        ),
      onShellError: reject,
    })
  })
}

describe('the React renderer', () => {
  it('is loaded by one module only, so no other can load it first with the real store', () => {
    const importers = sourceFiles('app').filter((path) => /^import (?!type )[^\n]*from 'react-dom\/server(?:\.node)?'/m.test(readFileSync(path, 'utf8')))
    expect(importers).toEqual([])
  })

  it('renders without turning on async hooks for the rest of the process', async () => {
    expect(await promisesTracked()).toBe(false)
    expect(await render(createElement('p', null, 'Hello'))).toBe('<p>Hello</p>')
    expect(await promisesTracked()).toBe(false)
  })
})
