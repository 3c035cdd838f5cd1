import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  // Bundled into the server build, so it holds only the icons the site draws: loaded whole from
  // node_modules, its 1,500 icons cost every server process about 40 MB.
  ssr: { noExternal: ['lucide-react'] },
  // The plain pages' enhancement script is built as a worker (one classic file); it imports with ~/ too.
  worker: { plugins: () => [tsconfigPaths()] },
})
