// `npm start` is the one command a newcomer runs: it builds first when there is no production build,
// or when the sources changed since the build (the build's stamp, scripts/lib/source-hash.mjs).
// Plain JavaScript, so the server runs on node alone (see scripts/build-server.mjs).
import { execSync } from 'node:child_process'
import { reasonToBuild } from './lib/source-hash.mjs'

const buildDir = process.env.BUILD_DIR ?? 'build'
const reason = reasonToBuild(buildDir)
if (reason) {
  console.log(`${reason}: building the site first (about a minute)...`)
  execSync('npm run build', { stdio: 'inherit' })
}
process.env.NODE_ENV ??= 'production'
await import(new URL(`${buildDir}/host/server.mjs`, `file://${process.cwd()}/`).href)
