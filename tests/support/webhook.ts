import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface WebhookCall {
  /** The JSON received, read by the tests along the paths they assert on. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any
  contentType: string | undefined
  status: number | 'no answer'
}

export interface WebhookEndpoint {
  url: string
  /** Every request received, in order, with the status it was answered with. */
  calls: WebhookCall[]
  /** The calls answered with a 2xx: the deliveries. */
  delivered(): WebhookCall[]
  /** TCP connections accepted, whether or not a request followed. */
  connections(): number
  close(): Promise<void>
}

/**
 * A real HTTP endpoint on loopback that receives webhook calls. `answer` gets the number of the call
 * (1 for the first) and its body, and returns the status to answer with, or 'no answer' to hold the
 * request open until the endpoint is closed.
 */
export async function startWebhookEndpoint(
  answer: (call: number, body: WebhookCall['body']) => number | 'no answer' = () => 200,
): Promise<WebhookEndpoint> {
  const calls: WebhookCall[] = []
  let connections = 0
  const server = createServer((req, res) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (text += chunk))
    req.on('end', () => {
      const body = JSON.parse(text)
      const status = answer(calls.length + 1, body)
      calls.push({ body, contentType: req.headers['content-type'], status })
      if (status !== 'no answer') res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status < 300 ? 'ok' : 'temporarily broken')
    })
  })
  server.on('connection', () => connections++)
  const url = await listen(server)
  return {
    url,
    calls,
    delivered: () => calls.filter((call) => typeof call.status === 'number' && call.status >= 200 && call.status < 300),
    connections: () => connections,
    close: () => stop(server),
  }
}

export interface AnsweringEndpoint {
  url: string
  /** One per request: resolves with the bytes of the answer written when it ended or its connection closed. */
  answers: Promise<number>[]
  close(): Promise<void>
}

/**
 * A real HTTP endpoint on loopback answering every request with `status`, `headers` and a body of
 * `text` padded with "x" to `bytes`, written only as fast as the caller reads it, so `answers`
 * tells how much of it the caller took before closing the connection.
 */
export async function startAnsweringEndpoint({
  status,
  headers = {},
  text = '',
  bytes = Buffer.byteLength(text),
}: {
  status: number
  headers?: Record<string, string>
  text?: string
  bytes?: number
}): Promise<AnsweringEndpoint> {
  const answers: Promise<number>[] = []
  const filler = Buffer.alloc(64 * 1024, 'x')
  const server = createServer((req, res) => {
    req.resume()
    answers.push(
      (async () => {
        let closed = false
        let wake = () => {}
        res.on('drain', () => wake())
        res.on('close', () => {
          closed = true
          wake()
        })
        res.writeHead(status, { 'Content-Type': 'text/plain', 'Content-Length': String(bytes), ...headers })
        let written = 0
        for (
          let piece = Buffer.from(text);
          !closed && written < bytes;
          piece = filler.subarray(0, Math.min(filler.length, bytes - written))
        ) {
          written += piece.length
          if (!res.write(piece)) await new Promise<void>((resolve) => (wake = resolve))
        }
        if (!closed) res.end()
        return written
      })(),
    )
  })
  return { url: await listen(server), answers, close: () => stop(server) }
}

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leads`
}

function stop(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}
