import { lookup } from 'node:dns/promises'
import type { IncomingMessage } from 'node:http'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'

/*
 * The webhook is an address an admin types, called by the server from inside its own network: left
 * open, it reaches services no visitor can (a metadata endpoint, an admin port on 127.0.0.1) and its
 * answer shows on the Notifications screen. So the host is resolved, every address checked, and the
 * connection made to those very addresses; only a status and a short excerpt of the answer are kept.
 */

/** The most of an answer read before the connection is closed: a 400 MB answer once took 1.3 GB. */
export const ANSWER_LIMIT_BYTES = 1024
/** The most of an answer shown on the Notifications screen, in characters. */
export const EXCERPT_LENGTH = 200

/**
 * Addresses that are not on the public internet (IANA's special-purpose registries). BlockList
 * matches an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) against the IPv4 rules itself; the
 * deprecated IPv4-compatible block `::/96` holds `::`, `::1` and forms like `::127.0.0.1`.
 */
const notPublic = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaching the local machine
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  notPublic.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 96],
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, which embeds any IPv4 address
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local, deprecated
  ['ff00::', 8], // multicast
] as const)
  notPublic.addSubnet(network, prefix, 'ipv6')

/** Whether an IP address (v4 or v6, without brackets) is outside the public internet. Anything else counts as outside. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address)
  return family === 0 || notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

export interface WebhookOptions {
  timeoutMs: number
  /** Allows private and loopback targets (WEBHOOK_ALLOW_PRIVATE): test receivers, a relay on the network. */
  allowPrivate: boolean
}

/** POSTs the JSON; a 2xx answer within the timeout is a delivery, anything else (a redirect too) throws a one-line reason. */
export async function postWebhook(address: string, body: unknown, { timeoutMs, allowPrivate }: WebhookOptions): Promise<void> {
  if (!address) throw new Error('No webhook URL is set in Site Settings')
  const url = new URL(address)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('The webhook address must start with https://')
  const signal = AbortSignal.timeout(timeoutMs)
  const timedOut = () => new Error(`No answer within ${timeoutMs / 1000} s`)
  // Every address the name has: one private answer among public ones is how DNS rebinding gets in.
  const addresses = await lookup(url.hostname.replace(/^\[(.*)\]$/, '$1'), { all: true })
  const inside = addresses.find((a) => isNonPublicAddress(a.address))
  if (inside && !allowPrivate) throw new Error(`Refused: the webhook address points inside your own network (${inside.address}).`)
  if (signal.aborted) throw timedOut()
  // The connection goes to the addresses just checked, never to a second answer from DNS.
  const pinned: LookupFunction = (_host, options, callback) =>
    options.all ? callback(null, addresses) : callback(null, addresses[0]!.address, addresses[0]!.family)
  const payload = JSON.stringify(body)
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise<void>((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      lookup: pinned,
      // A fresh connection each time, closed after: no pooled socket outlives the check.
      agent: false,
      signal,
    })
    req.on('error', (error) => reject(signal.aborted ? timedOut() : error))
    req.on('response', (res: IncomingMessage) => {
      const status = res.statusCode ?? 0
      if (status >= 200 && status < 300) {
        req.destroy()
        return resolve()
      }
      // Read up to the limit, then close: the rest of the answer is never received.
      const chunks: Buffer[] = []
      let read = 0
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk)
        read += chunk.length
        if (read >= ANSWER_LIMIT_BYTES) req.destroy()
      })
      res.on('close', () => {
        if (signal.aborted) return reject(timedOut())
        const answer = excerpt(Buffer.concat(chunks).subarray(0, ANSWER_LIMIT_BYTES).toString('utf8'))
        reject(new Error(`HTTP ${status}${answer ? `: ${answer}` : ''}`))
      })
    })
    req.end(payload)
  })
}

/** The answer as one short line of text: control and format characters (escapes, bidi overrides) could disguise it. */
export function excerpt(answer: string): string {
  const characters = [...answer.replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ').trim()]
  return characters.length > EXCERPT_LENGTH ? `${characters.slice(0, EXCERPT_LENGTH - 1).join('')}…` : characters.join('')
}
