import { existsSync } from 'node:fs'
import { CHROMIUM_PATH } from './browser'

export default function checkPrerequisites() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. The browser tests need it: install it with ` +
        '`apt-get install -y chromium` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium binary.',
    )
  }
  const buildDir = process.env.BUILD_DIR ?? 'build'
  if (!existsSync(`${buildDir}/server/index.js`) || !existsSync(`${buildDir}/host/server.mjs`)) {
    throw new Error('No production build: run `npm test` (which builds first) or `npm run build`.')
  }
}
