/*
 * `npm run render-cost`: the production server's CPU time per uncached request of its
 * busiest public pages (page cache off, so every answer is rendered). CPU time, not requests/s: it
 * is read from /proc for the server process alone, so other work on the machine barely moves it.
 * Each page is asked ROUNDS times REQUESTS times (4 at once, gzip accepted) after a warm-up; the
 * median round is printed. It runs the current build (`npm run build` first), or each of BUILD_DIRS,
 * on a fresh database in a temp directory, removed at the end. Only 127.0.0.1 is asked; it asserts
 * nothing. FAST_PATHS=on,off runs each build with its fast paths (app/server/host/fast/) on and off.
 * PAGE_CACHE=on measures cache hits instead (after the warm-up every answer is one); a hit costs
 * microseconds, so give it REQUESTS=20000 for the clock ticks to count it. PAGES=/,/contact asks
 * for those pages instead.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs'
import { Agent, get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { firstPostPath, startProductionServer } from './lib/production-server'

// BUILD_DIRS=build,../other/build compares builds side by side (paths from this directory).
const BUILD_DIRS = (process.env.BUILD_DIRS ?? 'build').split(',')
const FAST_PATHS = (process.env.FAST_PATHS ?? 'on').split(',')
const PAGE_CACHE = process.env.PAGE_CACHE === 'on' ? 'on' : 'off'
const VARIANTS = BUILD_DIRS.flatMap((buildDir) => FAST_PATHS.map((fastPaths) => ({ buildDir, fastPaths })))
const WARM_UP = 200
const REQUESTS = Number(process.env.REQUESTS ?? 500)
const ROUNDS = Number(process.env.ROUNDS ?? 3)
const AT_ONCE = 4
// utime and stime in /proc/<pid>/stat count clock ticks, 100 a second on Linux.
const MS_PER_TICK = 10

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'render-cost-'))
  const servers: Server[] = []
  try {
    for (const [index, variant] of VARIANTS.entries()) servers.push(await startServer(work, index, variant))
    const pages = process.env.PAGES?.split(',') ?? ['/', '/resources/blog', '/case-studies', await firstPostPath(servers[0]!.url)]
    for (const path of pages) {
      for (const server of servers) await ask(server.agent, server.url + path, WARM_UP)
      // Rounds alternate between the servers, so a change in the machine's load falls on each alike.
      const rounds = servers.map((): number[] => [])
      for (let round = 0; round < ROUNDS; round++) {
        for (const [index, server] of servers.entries())
          rounds[index]!.push(await cpuMsPerRequest(server.pid, () => ask(server.agent, server.url + path, REQUESTS)))
      }
      for (const [index, { buildDir, fastPaths }] of VARIANTS.entries()) {
        console.log(`${path} [${buildDir}, fast paths ${fastPaths}]: ${describe(rounds[index]!)}`)
      }
    }
  } finally {
    for (const server of servers) await server.stop()
    rmSync(work, { recursive: true, force: true })
  }
}

type Server = Awaited<ReturnType<typeof startServer>>

async function startServer(work: string, index: number, { buildDir, fastPaths }: (typeof VARIANTS)[number]) {
  const server = await startProductionServer({
    databaseUrl: `file:${join(work, `site-${index}.db`)}`,
    logFile: join(work, `server-${index}.log`),
    env: { PAGE_CACHE, BUILD_DIR: buildDir, FAST_PATHS: fastPaths },
  })
  const agent = new Agent({ keepAlive: true, maxSockets: AT_ONCE })
  return { url: server.url, pid: server.child.pid!, agent, stop: () => (agent.destroy(), server.stop()) }
}

function describe(rounds: number[]): string {
  const sorted = [...rounds].sort((a, b) => a - b)
  const ms = (value: number) => value.toFixed(PAGE_CACHE === 'on' ? 4 : 2)
  return `${ms(sorted[Math.floor(sorted.length / 2)]!)} CPU-ms/request (median; rounds ${rounds.map(ms).join(', ')})`
}

async function cpuMsPerRequest(pid: number, run: () => Promise<void>): Promise<number> {
  const before = cpuMs(pid)
  await run()
  return (cpuMs(pid) - before) / REQUESTS
}

function cpuMs(pid: number): number {
  // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK
}

/** `count` requests for the page, AT_ONCE at a time; any answer but a 200 stops the run. */
async function ask(agent: Agent, url: string, count: number) {
  let left = count
  const worker = async () => {
    while (left-- > 0) await askOnce(agent, url)
  }
  await Promise.all(Array.from({ length: AT_ONCE }, worker))
}

function askOnce(agent: Agent, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    get(url, { agent, headers: { 'accept-encoding': 'gzip' } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`))
      res.on('end', resolve).on('error', reject).resume()
    }).on('error', reject)
  })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
