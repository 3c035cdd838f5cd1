// Bundles server.ts (the Express host) into plain JavaScript next to the React Router build, so
// production runs on node alone: under tsx, every process also carried a TypeScript loader thread
// and about 120 MB more memory. Packages stay in node_modules; only our own modules are bundled.
import { build } from 'esbuild'
import { writeSourceStamp } from './lib/source-hash.mjs'

const buildDir = process.env.BUILD_DIR ?? 'build'

await build({
  entryPoints: ['server.ts'],
  outfile: `${buildDir}/host/server.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
})
// Last, so a failed build leaves no stamp. An edit made while this build ran is stamped as built:
// `npm start` catches it at the next change.
writeSourceStamp(buildDir)
