import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { serverArgs } from '../../lib/server-command'

/** A port nobody listens on right now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * The production server (the built `server.ts` on the built app) on 127.0.0.1 with the given database and
 * extra environment. Its log goes to a file, as in production: piped into the measuring process it
 * would steal that process's CPU.
 */
export async function startProductionServer(options: {
  databaseUrl: string
  logFile: string
  /** Extra environment; a function receives the port the server will listen on. */
  env?: Record<string, string> | ((port: number) => Record<string, string>)
}) {
  const port = await freePort()
  const env = typeof options.env === 'function' ? options.env(port) : options.env
  const log = openSync(options.logFile, 'w')
  const child = spawn(process.execPath, serverArgs(env?.BUILD_DIR), {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: options.databaseUrl, ...env },
    stdio: ['ignore', log, 'inherit'],
  })
  closeSync(log)
  for (let waited = 0; !readFileSync(options.logFile, 'utf8').includes('is listening on'); waited += 100) {
    if (child.exitCode !== null || waited > 30_000) throw new Error(`server did not start:\n${readFileSync(options.logFile, 'utf8')}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { port, url: `http://127.0.0.1:${port}`, child, stop: () => stopChild(child) }
}

/** The first post the public blog links to. */
export async function firstPostPath(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/resources/blog`)).text()
  const path = /href="(\/resources\/blog\/[^"?]+)"/.exec(html)?.[1]
  if (!path) throw new Error('No published post found on /resources/blog')
  return path
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
