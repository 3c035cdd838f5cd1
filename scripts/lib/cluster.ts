/*
 * The cluster on one machine, as `npm run cluster`, the cluster tests and `npm run load -- --cluster`
 * run it: instances of the built server on one PostgreSQL database, HAProxy in front of them and
 * Varnish in front of HAProxy, each with its configuration from deploy/. The configurations are used
 * as committed, with this run's ports put in: HAProxy's through its environment ("${NAME-default}"),
 * Varnish's by rewriting the backend's port in a copy.
 *
 * Every process runs in a process group of its own, so a Ctrl-C in the terminal reaches only this
 * script, which then stops them in order: Varnish, HAProxy, then the instances, gracefully.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from '../perf/lib/production-server'
import { serverArgs } from './server-command'

export interface ClusterOptions {
  databaseUrl: string
  /** How many instances (3 unless told). */
  instances?: number
  /** Ports on 127.0.0.1; 0 or omitted means a free one. */
  ports?: { varnish?: number; haproxy?: number; instances?: number[]; /** HAProxy's statistics page. */ stats?: number }
  /** Extra environment for the instances (BUILD_DIR is read from this, then from the process's). */
  env?: Record<string, string>
  /** Whether to keep the processes' output to itself instead of printing it, each line named by its process. */
  quiet?: boolean
}

export interface ClusterInstance {
  name: string
  url: string
  /** What the instance printed since it last started (the last few megabytes). */
  output(): string
}

export interface Cluster {
  /** Varnish: the address visitors use. */
  url: string
  haproxyUrl: string
  instances: ClusterInstance[]
  /** Sends the signal (SIGTERM unless told); resolves when the process exited. */
  stopInstance(i: number, signal?: NodeJS.Signals): Promise<void>
  /** Starts a stopped instance again; resolves when HAProxy sees it UP. */
  startInstance(i: number): Promise<void>
  /** One instance at a time: SIGTERM, exit, start, UP in HAProxy, then the next. */
  rollingRestart(): Promise<void>
  haproxyStats(): Promise<HaproxyServerStats[]>
  varnishStats(): Promise<VarnishStats>
  stop(): Promise<void>
}

export interface HaproxyServerStats {
  server: string
  /** UP, DOWN, MAINT, or a transition such as "UP 1/2". */
  status: string
  requests: number
  /** Connection and response errors. */
  errors: number
  /** Requests the instance took and never answered (it was killed, say): what it held. */
  dropped: number
  retries: number
}

export interface VarnishStats {
  hits: number
  misses: number
  passes: number
  requests: number
  /** Purges received: each adds one ban. */
  bans: number
  /** Requests Varnish did not send on because its health check said HAProxy could not answer. */
  refusedAsDown: number
}

const DEPLOY = join(import.meta.dirname, '../../deploy')
const HOST = '127.0.0.1'
const INSTANCE_ENV = { SHUTDOWN_DRAIN_MS: '2000', TRUST_PROXY: '2' }
const START_TIMEOUT_MS = 60_000
// A process that does not stop within this long after its signal is killed (the instances' own
// grace period is 10 s, after the drain).
const STOP_TIMEOUT_MS = 20_000
const OUTPUT_KEPT = 4 * 1024 * 1024

const run = promisify(execFile)

// Processes in groups of their own outlive this one unless told: if it exits without stopping
// them (an uncaught error, a test worker torn down), they are killed with it.
const live = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL')
})

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const count = options.instances ?? 3
  const port = (given: number | undefined) => (given ? Promise.resolve(given) : freePort())
  const varnishPort = await port(options.ports?.varnish)
  const haproxyPort = await port(options.ports?.haproxy)
  const statsPort = await port(options.ports?.stats)
  const instancePorts: number[] = []
  for (let i = 0; i < count; i++) instancePorts.push(await port(options.ports?.instances?.[i]))

  const work = mkdtempSync(join(tmpdir(), 'site-cluster-'))
  // Varnish started as root works as its own user, which must reach its working directory in here.
  chmodSync(work, 0o755)
  // Stopped front first: Varnish, HAProxy, then every instance at once.
  const fronts: Process[] = []
  const backs: Process[] = []
  const stopAll = async () => {
    for (const running of [...fronts].reverse()) await running.stop('SIGTERM')
    await Promise.all(backs.map((running) => running.stop('SIGTERM')))
    rmSync(work, { recursive: true, force: true })
  }

  try {
    const url = `http://${HOST}:${varnishPort}`
    const instanceEnv: Record<string, string> = {
      NODE_ENV: 'production',
      HOST,
      DATABASE_URL: options.databaseUrl,
      CACHE_PURGE_URLS: `${url}/`,
      ...INSTANCE_ENV,
      ...options.env,
    }
    const instances = instancePorts.map((instancePort, i) => {
      const name = `instance-${i + 1}`
      return new Process(
        name,
        process.execPath,
        serverArgs(instanceEnv.BUILD_DIR ?? process.env.BUILD_DIR),
        { ...instanceEnv, INSTANCE_NAME: name, PORT: String(instancePort) },
        options.quiet ?? false,
      )
    })
    backs.push(...instances)
    const instanceUrl = (i: number) => `http://${HOST}:${instancePorts[i]}`
    const startInstanceProcess = async (i: number) => {
      instances[i]!.start()
      await waitFor(instances[i]!, () => answers(`${instanceUrl(i)}/healthz`))
    }
    // The first one alone: it migrates and seeds a fresh database, which the others then find done.
    await startInstanceProcess(0)
    await Promise.all(instances.slice(1).map((_, i) => startInstanceProcess(i + 1)))

    const haproxyConfig = join(work, 'haproxy.cfg')
    writeFileSync(haproxyConfig, withServers(readFileSync(join(DEPLOY, 'haproxy.cfg'), 'utf8'), count))
    const haproxy = new Process(
      'haproxy',
      'haproxy',
      ['-db', '-f', haproxyConfig],
      {
        HAPROXY_ADDR: `${HOST}:${haproxyPort}`,
        HAPROXY_STATS_ADDR: `${HOST}:${statsPort}`,
        ...Object.fromEntries(instancePorts.map((instancePort, i) => [`INSTANCE_${i + 1}_ADDR`, `${HOST}:${instancePort}`])),
      },
      options.quiet ?? false,
    )
    fronts.push(haproxy)
    haproxy.start()
    const haproxyStats = async () => parseHaproxyCsv(await (await fetch(`http://${HOST}:${statsPort}/stats;csv`)).text())
    const isUp = async (i: number) => (await haproxyStats()).some((s) => s.server === instances[i]!.name && s.status === 'UP')
    await waitFor(haproxy, async () => (await Promise.all(instances.map((_, i) => isUp(i).catch(() => false)))).every(Boolean))

    const varnishDir = join(work, 'varnish')
    const vcl = join(work, 'varnish.vcl')
    writeFileSync(vcl, withBackendPort(readFileSync(join(DEPLOY, 'varnish.vcl'), 'utf8'), haproxyPort))
    const varnish = new Process(
      'varnish',
      'varnishd',
      // Each worker adds its counts to varnishstat's after every request, not every tenth: the
      // tests and the load script read them right after their last request.
      [
        '-F',
        '-n',
        varnishDir,
        '-a',
        `${HOST}:${varnishPort}`,
        '-T',
        `${HOST}:0`,
        '-f',
        vcl,
        '-s',
        'malloc,256m',
        '-p',
        'thread_stats_rate=1',
      ],
      {},
      options.quiet ?? false,
    )
    fronts.push(varnish)
    varnish.start()
    await waitFor(varnish, () => answers(`${url}/healthz`))

    return {
      url,
      haproxyUrl: `http://${HOST}:${haproxyPort}`,
      instances: instances.map((instance, i) => ({ name: instance.name, url: instanceUrl(i), output: () => instance.output() })),
      stopInstance: (i, signal = 'SIGTERM') => instances[i]!.stop(signal),
      startInstance: async (i) => {
        await startInstanceProcess(i)
        await waitFor(instances[i]!, () => isUp(i))
      },
      rollingRestart: async () => {
        for (let i = 0; i < instances.length; i++) {
          await instances[i]!.stop('SIGTERM')
          await startInstanceProcess(i)
          await waitFor(instances[i]!, () => isUp(i))
        }
      },
      haproxyStats,
      varnishStats: async () => {
        const { stdout } = await run('varnishstat', ['-n', varnishDir, '-1', '-j'])
        const counters = (JSON.parse(stdout) as { counters: Record<string, { value: number }> }).counters
        const value = (name: string) => counters[name]?.value ?? 0
        return {
          hits: value('MAIN.cache_hit'),
          misses: value('MAIN.cache_miss'),
          passes: value('MAIN.s_pass'),
          requests: value('MAIN.client_req'),
          bans: value('MAIN.bans_added'),
          refusedAsDown: value('MAIN.backend_unhealthy'),
        }
      },
      stop: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}

/** One process of the cluster, which can be started again after it stopped. */
class Process {
  private child: ChildProcess | undefined
  private exited: Promise<void> = Promise.resolve()
  private log = ''

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: Record<string, string>,
    private readonly quiet: boolean,
  ) {}

  start() {
    this.log = ''
    const child = spawn(this.command, this.args, {
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    this.child = child
    live.add(child)
    this.exited = new Promise((resolve) =>
      child.once('close', () => {
        live.delete(child)
        resolve()
      }),
    )
    const keep = (chunk: Buffer) => {
      this.log = (this.log + chunk.toString('utf8')).slice(-OUTPUT_KEPT)
      if (!this.quiet)
        for (const line of chunk.toString('utf8').split('\n')) if (line) process.stdout.write(`${this.name.padEnd(10)} ${line}\n`)
    }
    child.stdout!.on('data', keep)
    child.stderr!.on('data', keep)
    child.once('error', (error) => (this.log += `\n${error.message}\n`))
  }

  running(): boolean {
    return Boolean(this.child && this.child.exitCode === null && this.child.signalCode === null)
  }

  output(): string {
    return this.log
  }

  async stop(signal: NodeJS.Signals) {
    const child = this.child
    if (!child || !this.running()) return this.exited
    child.kill(signal)
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
    await this.exited
    clearTimeout(kill)
  }
}

/** Resolves once `ready` says so (asked every 100 ms); rejects when the process exits first or it takes too long. */
async function waitFor(starting: Process, ready: () => Promise<boolean>) {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (!(await ready().catch(() => false))) {
    if (!starting.running()) throw new Error(`${starting.name} exited while starting:\n${starting.output()}`)
    if (Date.now() > deadline) throw new Error(`${starting.name} was not ready in ${START_TIMEOUT_MS / 1000} s:\n${starting.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function answers(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
  await response.arrayBuffer()
  return response.ok
}

/** The committed configuration with one `server` line per instance, in the committed lines' form. */
function withServers(config: string, count: number): string {
  const lines = Array.from({ length: count }, (_, i) => `  server instance-${i + 1} "\${INSTANCE_${i + 1}_ADDR}"`)
  const servers = /^ {2}server instance-\d+ .*\n(?: {2}server instance-\d+ .*\n)*/m
  if (!servers.test(config)) throw new Error('deploy/haproxy.cfg has no `server instance-N` lines')
  return config.replace(servers, `${lines.join('\n')}\n`)
}

/** The committed VCL with its backend on HAProxy's port. */
function withBackendPort(vcl: string, port: number): string {
  const backend = /(backend haproxy \{[^}]*\.port = ")\d+(")/
  if (!backend.test(vcl)) throw new Error('deploy/varnish.vcl has no `backend haproxy` with a .port')
  return vcl.replace(backend, `$1${port}$2`)
}

/** The instances' rows of HAProxy's CSV statistics. */
function parseHaproxyCsv(csv: string): HaproxyServerStats[] {
  const [header, ...rows] = csv.trim().split('\n')
  const columns = header!.replace(/^# /, '').split(',')
  const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? ''
  const count = (row: string[], name: string) => Number(at(row, name)) || 0
  return rows
    .map((line) => line.split(','))
    .filter((row) => at(row, 'pxname') === 'instances' && !['BACKEND', 'FRONTEND'].includes(at(row, 'svname')))
    .map((row) => ({
      server: at(row, 'svname'),
      status: at(row, 'status'),
      requests: count(row, 'req_tot') || count(row, 'stot'),
      errors: count(row, 'econ') + count(row, 'eresp'),
      dropped: count(row, 'eresp'),
      retries: count(row, 'wretr') + count(row, 'wredis'),
    }))
}
