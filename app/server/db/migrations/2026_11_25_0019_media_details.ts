import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../dialect.server'

/*
 * Files learn what they show and how big they are: alt text (or "decorative"), pixel size, an id
 * and a version for the media library's editor. Their smaller AVIF and WebP copies get a table of
 * their own, so every list of files (the library, where-used, backups) stays a list of originals.
 * Files stored before this get an id, a version and their size read from their bytes (a header
 * read, cheap); they have no copies, and pages show the original for them.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const binary = dialect === 'postgres' ? sql`bytea` : sql`blob`

  await db.schema.alterTable('files').addColumn('id', 'text').execute()
  await db.schema.alterTable('files').addColumn('alt', 'text').execute()
  await db.schema
    .alterTable('files')
    .addColumn('decorative', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('files').addColumn('width', 'integer').execute()
  await db.schema.alterTable('files').addColumn('height', 'integer').execute()
  await db.schema.alterTable('files').addColumn('updated_at', 'text').execute()

  // Imported here, not at the top: every start loads every migration, and libvips costs memory.
  const { default: sharp } = await import('sharp')
  const stored = await db.selectFrom('files').select(['bucket', 'path', 'bytes', 'created_at']).execute()
  for (const file of stored) {
    const { width = null, height = null } = await sharp(file.bytes as Buffer)
      .metadata()
      .catch(() => ({ width: null, height: null }))
    await db
      .updateTable('files')
      .set({ id: randomUUID(), width, height, updated_at: file.created_at })
      .where('bucket', '=', file.bucket)
      .where('path', '=', file.path)
      .execute()
  }
  await db.schema.createIndex('files_id_unique').on('files').column('id').unique().execute()

  await db.schema
    .createTable('file_variants')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', binary, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_variants_pk', ['bucket', 'path'])
    .execute()
  await db.schema.createIndex('file_variants_file_id_idx').on('file_variants').column('file_id').execute()
}
