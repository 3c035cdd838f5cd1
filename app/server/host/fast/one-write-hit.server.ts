import type { ServerResponse } from 'node:http'

/*
 * A cache hit in one socket write (decisions 54 and 66): the whole answer, head and body, as it goes
 * on the wire, bypassing ServerResponse's header work and its two-part writev, which cost a hit a
 * sixth of its time. It sets two of Node's private fields; tests/unit/fast-paths.test.ts checks they
 * still mean what this relies on.
 */

interface WholeAnswer {
  second: number
  bytes: Buffer
}

// Each encoding's body of a cached page, with its whole answer, remade when the second of its Date line passes.
const wholeAnswers = new WeakMap<Buffer, WholeAnswer>()

/**
 * Writes the answer in one write where Node itself would keep the connection open and this response
 * holds the socket now (a pipelined request waits its turn with no socket); false where the usual
 * writeHead and end must answer. `head` is a flat [name, value, ...] list.
 */
export function answerInOneWrite(res: ServerResponse, head: string[], body: Buffer, keepAliveTimeoutMs: number): boolean {
  if (!res.shouldKeepAlive || res.headersSent || res.socket?.writable !== true) return false
  res.socket.write(wholeAnswer(head, body, keepAliveTimeoutMs))
  // Node's record that the head is out, so that end() only finishes the response: its listeners,
  // the log, keep-alive and the next request on the connection all follow as after any answer.
  const internals = res as unknown as { _header: string; _headerSent: boolean }
  internals._header = 'HTTP/1.1 200 OK\r\n\r\n'
  internals._headerSent = true
  res.end()
  return true
}

function wholeAnswer(head: string[], body: Buffer, keepAliveTimeoutMs: number): Buffer {
  const second = Math.floor(Date.now() / 1000)
  const current = wholeAnswers.get(body)
  if (current?.second === second) return current.bytes
  const lines = ['HTTP/1.1 200 OK']
  for (let i = 0; i < head.length; i += 2) lines.push(`${head[i]}: ${head[i + 1]}`)
  lines.push(
    `Date: ${new Date(second * 1000).toUTCString()}`,
    'Connection: keep-alive',
    `Keep-Alive: timeout=${Math.floor(keepAliveTimeoutMs / 1000)}`,
  )
  const bytes = Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body])
  wholeAnswers.set(body, { second, bytes })
  return bytes
}
