import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { freePort } from './production-server'

/** One bounded run's figures. Latencies in milliseconds. */
export interface Measure {
  rps: number
  p50: number
  p99: number
  errors: number
}

export interface LoadGenerator {
  /** How the output names it: which tool, with how many threads and connections. */
  name: string
  measure(url: string): Promise<Measure>
}

/** In a URL to measure, stands for a number of its own in every request (a visitor's click id, say). */
export const UNIQUE = '<unique>'

const BROWSER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

/**
 * wrk when it is installed (a C program on its own core: it can ask faster than one Node process
 * answers), else autocannon, which runs inside this process and saturates first. Both ask like a
 * browser does: gzip, and a browser's user agent, so each request is counted as a visit is.
 */
export function loadGenerator({
  connections,
  durationS,
  warmUpS,
}: {
  connections: number
  durationS: number
  warmUpS: number
}): LoadGenerator {
  const wrk = spawnSync('wrk', ['--version'], { encoding: 'utf8' })
  if (!wrk.error) {
    return {
      name: `wrk (1 thread, ${connections} connections)`,
      measure: async (url) => {
        await runWrk(url, connections, warmUpS)
        return parseWrk(await runWrk(url, connections, durationS))
      },
    }
  }
  return {
    name: `autocannon (in this process, ${connections} connections; install wrk for a generator that is not the bottleneck)`,
    measure: async (url) => {
      const [before, after] = pathAround(url)
      let n = 0
      const options = {
        url: url.replace(UNIQUE, '0'),
        connections,
        headers: { 'accept-encoding': 'gzip', 'user-agent': BROWSER_USER_AGENT },
        ...(after !== undefined && {
          requests: [{ setupRequest: (request: object) => ({ ...request, path: `${before}${++n}${after}` }) }],
        }),
      }
      await autocannon({ ...options, duration: warmUpS })
      const result = await autocannon({ ...options, duration: durationS })
      return {
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      }
    },
  }
}

/** The URL's path split at UNIQUE (one part when it has none). */
function pathAround(url: string): [string, string?] {
  const path = url.slice(url.indexOf('/', url.indexOf('//') + 2))
  return path.split(UNIQUE) as [string, string?]
}

function runWrk(url: string, connections: number, durationS: number): Promise<string> {
  const args = [
    '-t1',
    `-c${connections}`,
    `-d${durationS}s`,
    '--latency',
    '-H',
    'Accept-Encoding: gzip',
    '-H',
    `User-Agent: ${BROWSER_USER_AGENT}`,
  ]
  const [before, after] = pathAround(url)
  // wrk varies a request only through a Lua script: a counter (one thread, so unique) in the path.
  const dir = after === undefined ? null : mkdtempSync(join(tmpdir(), 'wrk-'))
  if (dir) {
    const script = join(dir, 'unique.lua')
    writeFileSync(
      script,
      `local n = 0\nrequest = function()\n  n = n + 1\n  return wrk.format(nil, ${JSON.stringify(before)} .. n .. ${JSON.stringify(after)})\nend\n`,
    )
    args.push('-s', script)
  }
  args.push(url.replace(UNIQUE, '0'))
  return new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`wrk exited with ${code}:\n${output}`))))
  }).finally(() => dir && rmSync(dir, { recursive: true, force: true }))
}

/** wrk's report: Requests/sec, the latency distribution, and every kind of error it counts. */
export function parseWrk(output: string): Measure {
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0)
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: latencyAt(output, '50%'),
    p99: latencyAt(output, '99%'),
    errors: number(/Non-2xx or 3xx responses: (\d+)/) + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  }
}

function latencyAt(output: string, percentile: string): number {
  const match = new RegExp(`^\\s*${percentile}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(output)
  if (!match) return 0
  const scale = { us: 0.001, ms: 1, s: 1000 }[match[2] as 'us' | 'ms' | 's']
  return Number((Number(match[1]) * scale).toFixed(3))
}

/**
 * The generator's own ceiling: a bare `node:http` server in a process of its own, answering every
 * request with the same gzipped bytes and nothing else. A ratio near 1 against nginx means little
 * if this figure is no higher than nginx's: then the generator, not the servers, was the limit.
 */
export async function measureCeiling(generator: LoadGenerator, work: string, gzippedPage: Buffer): Promise<Measure> {
  const body = join(work, 'ceiling-body.gz')
  const script = join(work, 'ceiling-server.mjs')
  writeFileSync(body, gzippedPage)
  writeFileSync(
    script,
    `import { createServer } from 'node:http'
import { readFileSync } from 'node:fs'
const body = readFileSync(${JSON.stringify(body)})
const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'gzip', 'Content-Length': body.length }
createServer((_req, res) => { res.writeHead(200, headers); res.end(body) }).listen(Number(process.argv[2]), '127.0.0.1', () => console.log('ready'))
`,
  )
  const port = await freePort()
  const child = spawn(process.execPath, [script, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve())
    child.once('exit', (code) => reject(new Error(`the bare node:http server exited with ${code}`)))
  })
  try {
    return await generator.measure(`http://127.0.0.1:${port}/`)
  } finally {
    child.kill('SIGTERM')
  }
}
