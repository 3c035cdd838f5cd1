/**
 * How the production server is started, by `npm start` (package.json, which repeats these flags),
 * the tests and the benchmarks alike: the bundled host on node alone.
 *
 * A 512 MB old generation is ten times what the server keeps alive, and under that ceiling V8 grows
 * its heap by at most twice what survives a collection instead of four times: with the page cache
 * off, fifty visitors at once peak at about 220 MB instead of 370 MB, as fast.
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=512', '--enable-source-maps']

export function serverArgs(buildDir = process.env.BUILD_DIR ?? 'build'): string[] {
  return [...SERVER_NODE_FLAGS, `${buildDir}/host/server.mjs`]
}
