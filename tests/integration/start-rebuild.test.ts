import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { BUILD_SOURCES, reasonToBuild, sourceHash, STAMP_FILE, writeSourceStamp } from '../../scripts/lib/source-hash.mjs'
import { SERVER_NODE_FLAGS } from '../../scripts/lib/server-command'

const temporary: string[] = []
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'start-rebuild-'))
  temporary.push(dir)
  return dir
}

function write(root: string, path: string, text: string) {
  mkdirSync(join(root, path, '..'), { recursive: true })
  writeFileSync(join(root, path), text)
}

/** A repository of a few sources, and a build of it with no stamp yet. */
function smallRepository() {
  const root = tempDir()
  write(root, 'app/root.tsx', 'export default function App() {}')
  write(root, 'public/robots.txt', 'User-agent: *')
  write(root, 'package.json', '{}')
  const build = join(root, 'build')
  write(build, 'server/index.js', '')
  write(build, 'host/server.mjs', '')
  return { root, build }
}

describe('whether npm start builds first', () => {
  it('builds when there is no build, or the build has no stamp', () => {
    const { root, build } = smallRepository()
    expect(reasonToBuild(join(root, 'no-build'), root)).toBe('No production build found')
    expect(reasonToBuild(build, root)).toBe('The production build does not say which sources it was built from')
  })

  it('builds when a source changed, appeared or went, and not for the same contents or files outside the sources', () => {
    const { root, build } = smallRepository()
    writeSourceStamp(build, root)
    expect(reasonToBuild(build, root)).toBeNull()

    write(root, 'app/root.tsx', 'export default function App() { return null }')
    expect(reasonToBuild(build, root)).toBe('The sources changed since the last build')
    write(root, 'app/root.tsx', 'export default function App() {}')
    expect(reasonToBuild(build, root)).toBeNull()

    write(root, 'docs/notes.md', 'Not part of the build')
    write(root, 'tests/e2e/new.test.ts', '')
    expect(reasonToBuild(build, root)).toBeNull()

    write(root, 'app/components/new.tsx', '')
    expect(reasonToBuild(build, root)).toBe('The sources changed since the last build')
    rmSync(join(root, 'app/components/new.tsx'))
    expect(reasonToBuild(build, root)).toBeNull()
    rmSync(join(root, 'public/robots.txt'))
    expect(reasonToBuild(build, root)).toBe('The sources changed since the last build')
  })

  it('hashes this repository’s sources in well under a second', () => {
    const started = performance.now()
    sourceHash()
    expect(performance.now() - started).toBeLessThan(1_000)
  })
})

/** Runs `npm start`'s script in `root` until the server listens; everything it printed, then stops it. */
async function startOnce(root: string, env: Record<string, string>): Promise<{ output: string; home: number }> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) => child.once('close', resolve))
  try {
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const match = /listening on http:\/\/localhost:(\d+)/.exec(output)
        if (match) resolve(match[1]!)
      })
      child.once('exit', (code) => reject(new Error(`npm start ended with ${code}:\n${output}`)))
    })
    return { output, home: (await fetch(`http://127.0.0.1:${port}/`)).status }
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

describe('npm start', () => {
  it('rebuilds, saying so, when the build was made from other sources, then starts the same sources without building', async () => {
    // A copy, so edits made elsewhere while the test runs cannot change its sources.
    const root = tempDir()
    for (const source of [...BUILD_SOURCES, 'scripts', '.gitignore']) cpSync(source, join(root, source), { recursive: true })
    symlinkSync(join(process.cwd(), 'node_modules'), join(root, 'node_modules'))
    const buildDir = 'build-start-test'
    write(root, `${buildDir}/server/index.js`, '')
    write(root, `${buildDir}/host/server.mjs`, '')
    write(root, `${buildDir}/${STAMP_FILE}`, 'the hash of last week’s sources\n')
    const env = { BUILD_DIR: buildDir, DATABASE_URL: `file:${join(root, 'site.db')}` }

    const first = await startOnce(root, env)
    expect(first.output.split('\n')[0]).toBe('The sources changed since the last build: building the site first (about a minute)...')
    expect(first.home).toBe(200)
    expect(readFileSync(join(root, buildDir, STAMP_FILE), 'utf8').trim()).toBe(sourceHash(root))

    const second = await startOnce(root, env)
    expect(second.output).not.toContain('building the site')
    expect(second.home).toBe(200)
  }, 400_000)
})
