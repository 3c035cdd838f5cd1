import { nowIso } from '~/lib/ids'
import type { Db } from '~/server/db/schema.server'

/** Smaller AVIF and WebP copies of stored files, made at upload; `files.server.ts` reads them with their file. */
export async function insertFileVariants(
  db: Db,
  fileId: string,
  variants: { bucket: string; path: string; contentType: string; width: number; height: number; bytes: Buffer }[],
): Promise<void> {
  if (variants.length === 0) return
  const now = nowIso()
  await db
    .insertInto('file_variants')
    .values(
      variants.map((v) => ({
        file_id: fileId,
        bucket: v.bucket,
        path: v.path,
        content_type: v.contentType,
        width: v.width,
        height: v.height,
        size: v.bytes.length,
        bytes: v.bytes,
        created_at: now,
      })),
    )
    .execute()
}

/** The bytes to serve at a copy's address. */
export function readVariantBytes(db: Db, bucket: string, path: string) {
  return db
    .selectFrom('file_variants')
    .select(['content_type as contentType', 'size', 'bytes'])
    .where('bucket', '=', bucket)
    .where('path', '=', path)
    .executeTakeFirst()
}

export async function deleteVariantsOf(db: Db, fileId: string): Promise<void> {
  await db.deleteFrom('file_variants').where('file_id', '=', fileId).execute()
}
