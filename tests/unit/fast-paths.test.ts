import { readFileSync } from 'node:fs'
import { createServer, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import { connect } from 'node:net'
import { dirname, join } from 'node:path'
import { createLucideIcon, type LucideIconData, type LucideProps } from 'lucide-react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import createServerIcon from '~/server/host/fast/icons.server'
import { answerInOneWrite } from '~/server/host/fast/one-write-hit.server'

/*
 * The assumptions each fast path (app/server/host/fast/) makes about Node's and lucide's internals.
 * When an upgrade breaks one, its test here fails and says which: revise that fast path, or run
 * with FAST_PATHS=off (docs/operations.md) until it is.
 */

const revise = (what: string, file: string) => `${what}: app/server/host/fast/${file} must be revised, or the site run with FAST_PATHS=off`

describe("Node's ServerResponse, which a cache hit in one write marks as sent (one-write-hit.server.ts)", () => {
  const HEAD = ['content-type', 'text/plain', 'content-length', '5']

  /** A server answering every request in one write, and what each response looked like before it. */
  async function oneWriteServer() {
    const seen: { header: unknown; headerSent: unknown; inOneWrite: boolean; finished: Promise<void> }[] = []
    const server = createServer((_req, res: ServerResponse) => {
      const internals = res as unknown as Record<string, unknown>
      const header = Object.hasOwn(internals, '_header') ? internals._header : 'missing'
      const headerSent = Object.hasOwn(internals, '_headerSent') ? internals._headerSent : 'missing'
      const finished = new Promise<void>((resolve) => res.once('finish', resolve))
      const inOneWrite = answerInOneWrite(res, HEAD, Buffer.from('hello'), 5_000, 'request-1')
      if (!inOneWrite) res.writeHead(500).end()
      seen.push({ header, headerSent, inOneWrite, finished })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as { port: number }).port
    return { port, seen, close: () => new Promise((resolve) => server.close(resolve)) }
  }

  /**
   * Sends each request once the answer to the one before is in, on one connection: every byte
   * received, and whether the connection stayed open (what came within two seconds, if the answers
   * never end as they should).
   */
  function askInTurn(port: number, count: number): Promise<{ received: string; open: boolean }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1')
      let received = ''
      let asked = 0
      let open = true
      const finish = () => (socket.destroy(), clearTimeout(deadline), resolve({ received, open }))
      const deadline = setTimeout(finish, 2_000)
      const ask = () => socket.write(`GET /${++asked} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1')
        if (!received.endsWith('hello')) return
        if (asked < count) return void ask()
        setTimeout(finish, 200)
      })
      socket.on('end', () => (open = false))
      socket.on('error', reject)
      ask()
    })
  }

  it('still keeps whether the head is out in _header and _headerSent', async () => {
    const server = await oneWriteServer()
    try {
      await askInTurn(server.port, 1)
      expect(
        server.seen[0]!.header,
        revise("Node's ServerResponse no longer has _header (null before the head goes out)", 'one-write-hit.server.ts'),
      ).toBe(null)
      expect(
        server.seen[0]!.headerSent,
        revise("Node's ServerResponse no longer has _headerSent (false before the head goes out)", 'one-write-hit.server.ts'),
      ).toBe(false)
    } finally {
      await server.close()
    }
  })

  it('finishes a response so marked without a head of its own, and keeps the connection for the next request', async () => {
    const server = await oneWriteServer()
    try {
      const { received, open } = await askInTurn(server.port, 2)
      const changed = revise(
        "Node's end() no longer only finishes a response whose _header and _headerSent are set",
        'one-write-hit.server.ts',
      )
      expect(
        server.seen.map((answer) => answer.inOneWrite),
        changed,
      ).toEqual([true, true])
      await Promise.all(server.seen.map((answer) => answer.finished))
      const answers = received.split(/(?=HTTP\/1\.1 )/)
      expect(answers, changed).toHaveLength(2)
      for (const answer of answers) {
        expect(answer, changed).toMatch(
          /^HTTP\/1\.1 200 OK\r\ncontent-type: text\/plain\r\ncontent-length: 5\r\nDate: [^\r]+ GMT\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5\r\nX-Request-Id: request-1\r\n\r\nhello$/,
        )
      }
      expect(open, revise('Node closed the connection after a hit in one write', 'one-write-hit.server.ts')).toBe(true)
    } finally {
      await server.close()
    }
  })
})

describe("lucide's icons, drawn by the server's own createLucideIcon (icons.server.ts)", () => {
  // A circle, a path and a rect: each kind of element lucide's icons are made of.
  const ICON: LucideIconData = {
    name: 'test-icon',
    size: 24,
    node: [
      ['circle', { cx: '12', cy: '12', r: '10', key: 'c' }],
      ['path', { d: 'm9 12 2 2 4-4', key: 'p' }],
      ['rect', { x: '2', y: '4', width: '20', height: '16', rx: '2', key: 'r' }],
    ],
  }
  const PROPS: LucideProps[] = [
    {},
    { className: 'h-4 w-4 text-primary' },
    { size: 16, strokeWidth: 1.5 },
    { absoluteStrokeWidth: true, size: 12 },
    { color: 'red', 'aria-label': 'Done' },
    { 'aria-hidden': 'true', className: 'shrink-0' },
    { style: { opacity: 0.5 } },
  ]

  it("takes the place of what lucide's icon modules import as createLucideIcon (vite.config.ts swaps it)", () => {
    const lucide = dirname(createRequire(import.meta.url).resolve('lucide-react/package.json'))
    const iconModule = readFileSync(join(lucide, 'dist/esm/icons/check.mjs'), 'utf8')
    expect(
      iconModule,
      revise("lucide-react's icon modules no longer import '../createLucideIcon.mjs'", 'icons.server.ts (and vite.config.ts)'),
    ).toContain("import createLucideIcon from '../createLucideIcon.mjs'")
  })

  it('writes the markup lucide writes, for every kind of props the site passes', () => {
    const ours = createServerIcon(ICON)
    const lucides = createLucideIcon(ICON)
    for (const props of PROPS) {
      expect(
        renderToStaticMarkup(createElement(ours, props)),
        revise(`lucide-react draws ${JSON.stringify(props)} differently now`, 'icons.server.ts'),
      ).toBe(renderToStaticMarkup(createElement(lucides, props)))
    }
    expect(ours.displayName).toBe(lucides.displayName)
  })
})
