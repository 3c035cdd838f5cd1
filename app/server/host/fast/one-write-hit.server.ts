import type { ServerResponse } from 'node:http'

/*
 * A cache hit in one socket write (decisions 54 and 66): the whole answer, head and body, as it goes
 * on the wire, bypassing ServerResponse's header work and its two-part writev, which cost a hit a
 * sixth of its time. A request that brought an X-Request-Id (through HAProxy, every one) gets it
 * back between the head and the body, in one writev of three parts that copies nothing. It sets two
 * of Node's private fields; tests/unit/fast-paths.test.ts checks they still mean what this relies on.
 */

interface WholeAnswer {
  second: number
  bytes: Buffer
  /** Where the blank line that ends the head starts: what comes before is the status line and headers. */
  headEnd: number
}

// Each encoding's body of a cached page, with its whole answer, remade when the second of its Date line passes.
const wholeAnswers = new WeakMap<Buffer, WholeAnswer>()

/**
 * Writes the answer in one write where Node itself would keep the connection open and this response
 * holds the socket now (a pipelined request waits its turn with no socket); false where the usual
 * writeHead and end must answer. `head` is a flat [name, value, ...] list; `requestId`, the id the
 * request brought, if any.
 */
export function answerInOneWrite(
  res: ServerResponse,
  head: string[],
  body: Buffer,
  keepAliveTimeoutMs: number,
  requestId?: string,
): boolean {
  if (!res.shouldKeepAlive || res.headersSent || res.socket?.writable !== true) return false
  const whole = wholeAnswer(head, body, keepAliveTimeoutMs)
  const socket = res.socket
  if (requestId === undefined) socket.write(whole.bytes)
  else {
    socket.cork()
    socket.write(whole.bytes.subarray(0, whole.headEnd))
    socket.write(Buffer.from(`X-Request-Id: ${requestId}\r\n\r\n`, 'latin1'))
    socket.write(body)
    socket.uncork()
  }
  // Node's record that the head is out, so that end() only finishes the response: its listeners,
  // the log, keep-alive and the next request on the connection all follow as after any answer.
  const internals = res as unknown as { _header: string; _headerSent: boolean }
  internals._header = 'HTTP/1.1 200 OK\r\n\r\n'
  internals._headerSent = true
  res.end()
  return true
}

function wholeAnswer(head: string[], body: Buffer, keepAliveTimeoutMs: number): WholeAnswer {
  const second = Math.floor(Date.now() / 1000)
  const current = wholeAnswers.get(body)
  if (current?.second === second) return current
  const lines = ['HTTP/1.1 200 OK']
  for (let i = 0; i < head.length; i += 2) lines.push(`${head[i]}: ${head[i + 1]}`)
  lines.push(
    `Date: ${new Date(second * 1000).toUTCString()}`,
    'Connection: keep-alive',
    `Keep-Alive: timeout=${Math.floor(keepAliveTimeoutMs / 1000)}`,
  )
  const headLines = Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1')
  const answer = { second, bytes: Buffer.concat([headLines, Buffer.from('\r\n'), body]), headEnd: headLines.length }
  wholeAnswers.set(body, answer)
  return answer
}
