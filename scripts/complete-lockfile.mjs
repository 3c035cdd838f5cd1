// Adds lockfile entries for other platforms' optional native packages (rollup, tailwind oxide,
// esbuild...) that the registry mirror of our build machines does not carry. Without them npm 11's
// `npm ci` calls the lockfile out of sync; with them it skips those packages like any unavailable
// optional dependency. Idempotent: run after changing dependencies (CI runs it before `npm ci`).
import { readFileSync, writeFileSync } from 'node:fs'

const file = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(file, 'utf8'))
const packages = lock.packages
let added = 0
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`
    const hoisted = `node_modules/${name}`
    if (packages[nested] || packages[hoisted]) continue
    packages[hoisted] = { version, optional: true, ...(entry.dev ? { dev: true } : {}) }
    added++
  }
}
if (added > 0) writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`complete-lockfile: ${added} optional platform entries added`)
