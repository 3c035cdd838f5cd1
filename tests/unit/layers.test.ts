import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { expect, it } from 'vitest'

// The layers of app/ from the bottom up (decision 068): a module may import its own layer or lower ones only.
const LAYERS = ['lib', 'content', 'enhance', 'server', 'components', 'routes', 'shell'] as const
type Layer = (typeof LAYERS)[number]
// The rooms of app/server and of app/components, each from the bottom up, ordered the same way inside their layer.
const SERVER_ROOMS = ['config', 'db', 'repositories', 'services', 'http', 'host']
const COMPONENT_ROOMS = ['ui', 'site', 'blocks', 'admin']
// The shell: the files React Router and server.ts start from.
const SHELL = ['app/root.tsx', 'app/entry.server.tsx', 'app/routes.ts']
const APP = 'app'

function appModules(dir = APP): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? appModules(path) : /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** An enhancement script runs in the browser without React: app/enhance/ and every `*.enhance.ts` beside its component. */
const isEnhancement = (path: string) => path.startsWith(`${APP}/enhance/`) || path.endsWith('.enhance.ts')

function layerOf(path: string): Layer | undefined {
  if (SHELL.includes(path)) return 'shell'
  if (isEnhancement(path)) return 'enhance'
  const [first] = relative(APP, path).split('/')
  return LAYERS.find((layer) => layer === first)
}

/**
 * The room inside app/server or app/components, or '' elsewhere. The configuration and the logger,
 * which every room reads, make the bottom room ('config').
 */
function roomOf(path: string): string {
  const [layer, room] = relative(APP, path).split('/')
  if (layer === 'server') return room === 'config.server.ts' || room === 'log.server.ts' ? 'config' : room!
  return layer === 'components' ? room! : ''
}

const rank = (path: string) => {
  const rooms = layerOf(path) === 'server' ? SERVER_ROOMS : layerOf(path) === 'components' ? COMPONENT_ROOMS : []
  return [LAYERS.indexOf(layerOf(path)!), rooms.indexOf(roomOf(path))] as const
}

/** A specifier's file in app/, or null for a package, a generated `+types` file, or an asset. */
function resolve(from: string, specifier: string): string | null {
  const bare = specifier.split('?')[0]!
  const target = bare.startsWith('~/') ? join(APP, bare.slice(2)) : bare.startsWith('.') ? normalize(join(dirname(from), bare)) : null
  if (!target || target.includes('+types')) return null
  return [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find((file) => /\.tsx?$/.test(file) && existsSync(file)) ?? null
}

/** The app/ modules a file imports, types included: `import`, `export … from`, a bare `import '…'` and `import('…')`. */
function appImports(path: string): string[] {
  const source = readFileSync(path, 'utf8')
  const specifiers = [...source.matchAll(/(?:\bfrom|^import|\bimport\()\s*'([^']+)'/gm)].map((m) => m[1]!)
  return [...new Set(specifiers.flatMap((spec) => resolve(path, spec) ?? []))]
}

const modules = appModules()
const graph = new Map(modules.map((path) => [path, appImports(path)]))
const edges = [...graph].flatMap(([from, imports]) => imports.map((to) => ({ from, to })))

it('puts every module of app/ in a layer, and reads their imports', () => {
  expect(modules.filter((path) => !layerOf(path))).toEqual([])
  expect(modules.filter((path) => rank(path)[1] === -1 && ['server', 'components'].includes(layerOf(path)!))).toEqual([])
  // The graph is real: a service's import of a repository, through `~/`, and a route's of a component are seen.
  expect(graph.get(`${APP}/server/services/auth.server.ts`)).toContain(`${APP}/server/repositories/sign-in-attempts.server.ts`)
  expect(graph.get(`${APP}/routes/site/layout.tsx`)).toContain(`${APP}/components/site/header.tsx`)
})

it('never imports from a higher layer, or a higher room of one, into a lower one', () => {
  const upward = edges.filter(({ from, to }) => {
    const [[fromLayer, fromRoom], [toLayer, toRoom]] = [rank(from), rank(to)]
    return toLayer > fromLayer || (toLayer === fromLayer && toRoom > fromRoom)
  })
  expect(upward.map(({ from, to }) => `${from} -> ${to}`)).toEqual([])
})

it('keeps the back office out of public code', () => {
  const isAdmin = (path: string) => path.startsWith(`${APP}/components/admin/`) || path.startsWith(`${APP}/routes/admin/`)
  const leaks = edges.filter(({ from, to }) => isAdmin(to) && !isAdmin(from))
  expect(leaks.map(({ from, to }) => `${from} -> ${to}`)).toEqual([])
})

it('lets an enhancement script import only lib, content and other enhancements', () => {
  // It is bundled for the browser on its own: a component or a server module would bring React or secrets into it.
  const allowed: Layer[] = ['lib', 'content', 'enhance']
  const leaks = edges.filter(({ from, to }) => isEnhancement(from) && !allowed.includes(layerOf(to)!))
  expect(leaks.map(({ from, to }) => `${from} -> ${to}`)).toEqual([])
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
