// The stamp a production build carries of the sources it was built from, so `npm start` can tell a
// build made from other sources (after a `git pull` or an edit) and build again. Plain JavaScript:
// scripts/start.mjs runs on node alone. See docs/decisions/067-start-rebuilds-on-changed-sources-docs-layout.md.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Everything that goes into `npm run build`, relative to the repository root: folders whole, and files. */
export const BUILD_SOURCES = [
  'app',
  'public',
  'server.ts',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build-server.mjs',
]

export const STAMP_FILE = 'source-hash'

/**
 * A hash of the sources' paths and contents. Contents rather than modification times: a checkout
 * or a copy gives unchanged files new times, and a rebuild costs a minute. Hashing ~400 files
 * (under 3 MB) takes about a tenth of a second.
 */
export function sourceHash(root = '.') {
  const hash = createHash('sha256')
  for (const file of BUILD_SOURCES.flatMap((source) => filesUnder(root, source)).sort()) {
    hash.update(`${file}\0`)
    hash.update(readFileSync(join(root, file)))
  }
  return hash.digest('hex')
}

function filesUnder(root, path) {
  if (!existsSync(join(root, path))) return []
  if (!statSync(join(root, path)).isDirectory()) return [path]
  return readdirSync(join(root, path)).flatMap((name) => filesUnder(root, `${path}/${name}`))
}

export function writeSourceStamp(buildDir, root = '.') {
  writeFileSync(join(buildDir, STAMP_FILE), `${sourceHash(root)}\n`)
}

/** Why the build in `buildDir` cannot serve the sources in `root` as they are, or null when it can. */
export function reasonToBuild(buildDir, root = '.') {
  if (!existsSync(join(buildDir, 'server/index.js')) || !existsSync(join(buildDir, 'host/server.mjs'))) return 'No production build found'
  const stamp = join(buildDir, STAMP_FILE)
  if (!existsSync(stamp)) return 'The production build does not say which sources it was built from'
  if (readFileSync(stamp, 'utf8').trim() !== sourceHash(root)) return 'The sources changed since the last build'
  return null
}
