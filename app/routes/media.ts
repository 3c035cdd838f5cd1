import { unlessDatabaseDown } from '~/server/http/database-down.server'
import { BUCKETS, readFile, type Bucket } from '~/server/services/media.server'
import type { Route } from './+types/media'

// Stored names are generated (a UUID, a copy's width, an extension, maybe under a folder) in a known
// bucket; nothing else is looked up (PostgreSQL would refuse a NUL in the query, for one).
const STORED_PATH = /^(?:[a-z]+(?:-[a-z]+)*\/)?[0-9a-f-]{36}(?:\.\d{1,4}w)?\.[a-z]{3,4}$/

/** An uploaded image, or one of its smaller copies. Its name is unique and never reused, so it is cached for good. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return unlessDatabaseDown(request, async () => {
    const path = params['*'] ?? ''
    const named = BUCKETS.includes(params.bucket as Bucket) && STORED_PATH.test(path)
    const file = named ? await readFile(context.db, params.bucket, path) : undefined
    if (!file) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        'Content-Type': file.contentType,
        'Content-Length': String(file.size),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Disposition': 'inline',
      },
    })
  })
}
