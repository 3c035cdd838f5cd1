import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface WebhookCall {
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
  close(): Promise<void>
}

/**
 * A real HTTP endpoint on loopback that receives webhook calls. `answer` gets the number of the call
 * (1 for the first) and its body, and returns the status to answer with, or 'no answer' to hold the
 * request open until the endpoint is closed.
 */
export async function startWebhookEndpoint(answer: (call: number, body: any) => number | 'no answer' = () => 200): Promise<WebhookEndpoint> {
  const calls: WebhookCall[] = []
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
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leads`,
    calls,
    delivered: () => calls.filter((call) => typeof call.status === 'number' && call.status >= 200 && call.status < 300),
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
