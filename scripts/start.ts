import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

// `npm start` is the one command a newcomer runs: build once if there is no production build yet.
if (!existsSync('build/server/index.js')) {
  console.log('No production build found: building the site first (about a minute)...')
  execSync('npx react-router build', { stdio: 'inherit' })
}
process.env.NODE_ENV ??= 'production'
await import('../server.ts')
