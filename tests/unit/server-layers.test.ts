import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { expect, it } from 'vitest'

// The rooms of app/server from the bottom up: a module may import its own room or lower ones only.
const ROOMS = ['config', 'db', 'repositories', 'services', 'http', 'host'] as const
const SERVER = 'app/server'

function serverModules(dir = SERVER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? serverModules(path) : /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

function roomOf(path: string): (typeof ROOMS)[number] {
  const [first] = relative(SERVER, path).split('/')
  return first === 'config.server.ts' ? 'config' : (first as (typeof ROOMS)[number])
}

/** The app/server modules a file imports, as paths. */
function serverImports(path: string): string[] {
  const source = readFileSync(path, 'utf8')
  const specifiers = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]!)
  return specifiers.flatMap((spec) => {
    const resolved = spec.startsWith('~/') ? join('app', spec.slice(2)) : spec.startsWith('.') ? normalize(join(dirname(path), spec)) : null
    if (!resolved?.startsWith(`${SERVER}/`)) return []
    return [/\.tsx?$/.test(resolved) ? resolved : resolved.endsWith('migrations') ? `${resolved}/index.ts` : `${resolved}.ts`]
  })
}

const modules = serverModules()
const graph = new Map(modules.map((path) => [path, serverImports(path)]))

it('puts every server module in one of the rooms, and reads their imports', () => {
  expect(modules.filter((path) => !ROOMS.includes(roomOf(path)))).toEqual([])
  // The graph is real: a service's import of a repository is seen.
  expect(graph.get(`${SERVER}/services/auth.server.ts`)).toContain(`${SERVER}/repositories/sign-in-attempts.server.ts`)
})

it('never imports from a higher room into a lower one', () => {
  const upward = [...graph].flatMap(([from, imports]) =>
    imports.filter((to) => ROOMS.indexOf(roomOf(to)) > ROOMS.indexOf(roomOf(from))).map((to) => `${from} -> ${to}`),
  )
  expect(upward).toEqual([])
})

it('has no import cycle', () => {
  const cycles: string[] = []
  const state = new Map<string, 'open' | 'done'>()
  const visit = (path: string, trail: string[]) => {
    if (state.get(path) === 'done') return
    if (state.get(path) === 'open') return void cycles.push([...trail.slice(trail.indexOf(path)), path].join(' -> '))
    state.set(path, 'open')
    for (const next of graph.get(path) ?? []) visit(next, [...trail, path])
    state.set(path, 'done')
  }
  for (const path of modules) visit(path, [])
  expect(cycles).toEqual([])
})
