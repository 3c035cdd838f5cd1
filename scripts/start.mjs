// `npm start` is the one command a newcomer runs: build once if there is no production build yet.
// Plain JavaScript, so the server runs on node alone (see scripts/build-server.mjs).
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const buildDir = process.env.BUILD_DIR ?? 'build'
if (!existsSync(`${buildDir}/server/index.js`) || !existsSync(`${buildDir}/host/server.mjs`)) {
  console.log('No production build found: building the site first (about a minute)...')
  execSync('npm run build', { stdio: 'inherit' })
}
process.env.NODE_ENV ??= 'production'
await import(new URL(`${buildDir}/host/server.mjs`, `file://${process.cwd()}/`).href)
