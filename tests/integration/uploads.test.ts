import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { beforeAll, expect, it } from 'vitest'
import { loader as mediaLoader } from '~/routes/media'
import {
  imageTooLargeMessage,
  ImageRejected,
  notAnImageMessage,
  parseMediaUrl,
  deleteMediaFile,
  saveImage,
} from '~/server/services/media.server'
import { testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute } from '../support/route-args'

let png: Buffer
let bigPhoto: Buffer
let sixMegabytes: Buffer
let truncatedJpeg: Buffer

beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer()
  bigPhoto = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#aa5500' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer()
  // Noise does not compress: a real PNG of about 6 MB.
  sixMegabytes = await sharp(randomBytes(1500 * 1400 * 3), { raw: { width: 1500, height: 1400, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
  const jpeg = await sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } })
    .jpeg()
    .toBuffer()
  truncatedJpeg = jpeg.subarray(0, Math.floor(jpeg.length / 2))
})

const described = { alt: 'A test picture', decorative: false }
const file = (bytes: Buffer | string, name: string, type: string) =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type })

describeEachDatabase('image uploads', (getDb) => {
  const db = () => getDb().db
  const fileCount = async () =>
    Number(
      (
        await db()
          .selectFrom('files')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it.each([
    ['a text file renamed .png', () => file('just some words, not a picture', 'photo.png', 'image/png'), notAnImageMessage],
    ['a 6 MB image', () => file(sixMegabytes, 'huge.png', 'image/png'), imageTooLargeMessage],
    [
      'an SVG',
      () => file('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'logo.svg', 'image/svg+xml'),
      notAnImageMessage,
    ],
    ['a zero-byte file', () => file(Buffer.alloc(0), 'empty.png', 'image/png'), notAnImageMessage],
    ['a truncated JPEG', () => file(truncatedJpeg, 'cut.jpg', 'image/jpeg'), notAnImageMessage],
  ])('refuses %s with the spec message and stores nothing', async (_name, make, message) => {
    expect(sixMegabytes.length).toBeGreaterThan(5 * 1024 * 1024)
    const before = await fileCount()
    const attempt = saveImage(db(), make(), { bucket: 'images', folder: 'blog', maxEdge: 2000 }, described)
    await expect(attempt).rejects.toBeInstanceOf(ImageRejected)
    await expect(attempt).rejects.toThrow(message)
    expect(await fileCount()).toBe(before)
  })

  it('stores a real image re-encoded within its bound, without metadata, and serves it for good', async () => {
    const url = await saveImage(
      db(),
      file(bigPhoto, 'Holiday Photo.JPEG', 'image/jpeg'),
      { bucket: 'images', folder: 'blog', maxEdge: 2000 },
      described,
    )
    expect(url).toMatch(/^\/media\/images\/blog\/[0-9a-f-]{36}\.jpg$/)
    const { bucket, path } = parseMediaUrl(url)!
    const response = (await callRoute(mediaLoader, new Request(`http://localhost${url}`), testContext(db()), {
      bucket,
      '*': path,
    })) as Response
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/jpeg')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    const served = Buffer.from(await response.arrayBuffer())
    const meta = await sharp(served).metadata()
    expect([meta.width, meta.height]).toEqual([2000, 1000])
    expect(meta.exif).toBeUndefined()
    expect(served.includes('secret-camera-owner')).toBe(false)
  })

  it('names team avatars by a unique name with the image type extension, at avatar size', async () => {
    const url = await saveImage(db(), file(png, 'me.png', 'image/png'), { bucket: 'team_avatars', maxEdge: 600 }, described)
    expect(url).toMatch(/^\/media\/team_avatars\/[0-9a-f-]{36}\.png$/)
  })

  it('removes a stored file, ignores addresses that are not ours, and 404s what is gone', async () => {
    const url = await saveImage(db(), file(png, 'x.png', 'image/png'), { bucket: 'images', folder: 'authors', maxEdge: 600 }, described)
    await deleteMediaFile(db(), '/illustrations/hvac.svg')
    await deleteMediaFile(db(), 'https://example.com/x.png')
    await deleteMediaFile(db(), url)
    const { bucket, path } = parseMediaUrl(url)!
    const gone = (await callRoute(mediaLoader, new Request(`http://localhost${url}`), testContext(db()), { bucket, '*': path })) as Response
    expect(gone.status).toBe(404)
  })

  it('answers traversal and unknown buckets with 404', async () => {
    for (const [bucket, path] of [
      ['images', '../../etc/passwd'],
      ['images', '..%2F..%2Fdata%2Fsite.db'],
      ['secrets', 'blog/00000000-0000-0000-0000-000000000000.png'],
    ] as const) {
      const response = (await callRoute(mediaLoader, new Request('http://localhost/media/x'), testContext(db()), {
        bucket,
        '*': path,
      })) as Response
      expect(response.status).toBe(404)
    }
  })
})
