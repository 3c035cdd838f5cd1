import { existsSync } from 'node:fs'
import { CHROMIUM_PATH } from './browser'

export default function checkPrerequisites() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. The browser tests need it: install it with ` +
        '`apt-get install -y chromium` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium binary.',
    )
  }
  if (!existsSync(`${process.env.BUILD_DIR ?? 'build'}/server/index.js`)) {
    throw new Error('No production build: run `npm test` (which builds first) or `npm run build`.')
  }
}
