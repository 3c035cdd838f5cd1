import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths(), serverIcons()],
  // Bundled into the server build, so it holds only the icons the site draws: loaded whole from
  // node_modules, its 1,500 icons cost every server process about 40 MB.
  ssr: { noExternal: ['lucide-react'] },
  // The public pages' scripts (app/enhance/) are built as workers (one classic file each); they import with ~/ too.
  worker: { plugins: () => [tsconfigPaths()] },
})

/** The server build's lucide icons come from app/server/host/fast/icons.server.ts (see there); the browser's are lucide's. */
function serverIcons(): Plugin {
  const serverIcon = fileURLToPath(new URL('app/server/host/fast/icons.server.ts', import.meta.url))
  return {
    name: 'server-icons',
    enforce: 'pre',
    resolveId(source, importer, options) {
      const lucideIconModule = importer?.includes('/node_modules/lucide-react/dist/esm/icons/')
      if (options.ssr && lucideIconModule && source === '../createLucideIcon.mjs') return serverIcon
    },
  }
}
