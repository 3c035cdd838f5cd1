import { StringDecoder } from 'node:string_decoder'
import { Transform } from 'node:stream'

const MODULE_PRELOAD = /<link rel="modulepreload"/g

/**
 * Marks the app's module preloads `fetchpriority="low"`. React Router emits them without a priority,
 * so on a slow phone connection the scripts that hydrate the page share the line with the stylesheet,
 * the font and the images that draw it; low, they wait, and the page paints first. The stream may cut
 * a tag in two, so a trailing unfinished tag waits for the next chunk.
 */
export function lowPriorityModulePreloads() {
  const decoder = new StringDecoder('utf8')
  let pending = ''
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = pending + decoder.write(chunk)
      const cut = text.lastIndexOf('<') > text.lastIndexOf('>') ? text.lastIndexOf('<') : text.length
      pending = text.slice(cut)
      done(null, text.slice(0, cut).replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"'))
    },
    flush(done) {
      done(null, (pending + decoder.end()).replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"'))
    },
  })
}
