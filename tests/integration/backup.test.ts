import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { promisify } from 'node:util'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BackupRefused, backupSqlite, restoreSqlite } from '~/server/db/backup.server'
import { openDatabase, type Database } from '~/server/db/connection.server'
import { migrationsFor } from '~/server/db/migrations'
import type { Db } from '~/server/db/schema.server'
import { parseMediaUrl, readFile, deleteMediaFile, saveImage } from '~/server/services/media.server'
import { createTestAuthor, createTestPost } from '../support/blog'
import { createTestDatabase, type TestDatabase, type UntypedDb } from '../support/databases'

const run = promisify(execFile)

/** Everything a restore must bring back: posts, their tags, and the uploaded files with their bytes. */
async function snapshot(db: Db) {
  return {
    posts: await db.selectFrom('blog_posts').selectAll().orderBy('id').execute(),
    tags: await db.selectFrom('post_tags').selectAll().orderBy('post_id').orderBy('position').execute(),
    files: await db.selectFrom('files').selectAll().orderBy('bucket').orderBy('path').execute(),
  }
}

/** A snapshot of a database file read without changing it (no WAL switch, no -wal file). */
async function snapshotOf(path: string) {
  const db: Db = new Kysely({
    dialect: new SqliteDialect({ database: new SQLite(path, { readonly: true, fileMustExist: true }) }),
  })
  try {
    return await snapshot(db)
  } finally {
    await db.destroy()
  }
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex')

async function npmRun(script: string, args: string[], databasePath: string) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', script, '--', ...args], {
      env: { ...process.env, DATABASE_URL: databasePath.startsWith('postgres') ? databasePath : `file:${databasePath}` },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

describe('SQLite backup and restore', () => {
  let live: TestDatabase
  /** The connection the "server" has open; closed (and reopened) around restores. */
  let current: Database
  let dir: string
  let target: string
  let authorId: string
  let png: Buffer
  let before: Awaited<ReturnType<typeof snapshot>>
  let backupPath: string
  const imageUrls: string[] = []

  beforeAll(async () => {
    live = await createTestDatabase('sqlite')
    current = live
    if (live.target.kind !== 'sqlite') throw new Error('expected a SQLite test database')
    target = live.target.path
    dir = dirname(target)
    backupPath = join(dir, 'backups', 'site-backup.db')

    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer()
    const avatarPng = await sharp({ create: { width: 24, height: 24, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer()
    imageUrls.push(
      await saveImage(
        live.db,
        new File([new Uint8Array(png)], 'hero.png', { type: 'image/png' }),
        {
          bucket: 'images',
          folder: 'blog',
          maxEdge: 2000,
        },
        { alt: 'A chart of calls answered', decorative: false },
      ),
    )
    imageUrls.push(
      await saveImage(
        live.db,
        new File([new Uint8Array(avatarPng)], 'face.png', { type: 'image/png' }),
        {
          bucket: 'team_avatars',
          maxEdge: 600,
        },
        { alt: null, decorative: true },
      ),
    )
    authorId = await createTestAuthor(live.db, { avatarUrl: imageUrls[1]! })
    await createTestPost(live.db, authorId, { slug: 'with-image', imageUrl: imageUrls[0]!, tags: ['AI', 'Operations'] })
    await createTestPost(live.db, authorId, {
      slug: 'draft',
      published: false,
      publishedAt: null,
      content: 'Ünïcode — and "quotes".',
    })
    before = await snapshot(live.db)
  })

  afterAll(async () => {
    await current.close()
    await live.cleanup()
  })

  it('takes a consistent backup while another connection is in the middle of a write', async () => {
    expect(before.posts).toHaveLength(2)
    expect(before.files).toHaveLength(2)

    // The live connection holds an open write transaction for the whole backup, as a server saving a post would.
    const report = await live.db.transaction().execute(async (trx) => {
      await createTestPost(trx, authorId, { slug: 'written-during-backup' })
      return backupSqlite(target, backupPath)
    })

    expect(report).toMatchObject({
      path: backupPath,
      posts: 2,
      files: 2,
      fileBytes: before.files.reduce((sum, f) => sum + f.size, 0),
    })
    expect(report.migrations).toEqual(Object.keys(migrationsFor('sqlite')))
    expect(report.bytes).toBe(readFileSync(backupPath).length)
    // The backup holds exactly what was committed when it started; the write in progress committed after.
    expect(await snapshotOf(backupPath)).toEqual(before)
    expect((await live.db.selectFrom('blog_posts').select('slug').execute()).map((p) => p.slug)).toContain('written-during-backup')

    // One self-contained file: not in WAL mode, nothing beside it.
    const copy = new SQLite(backupPath, { readonly: true })
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete')
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
    copy.close()
    expect(readdirSync(dirname(backupPath))).toEqual(['site-backup.db'])
  })

  it('refuses to overwrite an existing backup', async () => {
    const hash = sha256(backupPath)
    await expect(backupSqlite(target, backupPath)).rejects.toThrow(`${backupPath} already exists`)
    expect(sha256(backupPath)).toBe(hash)
  })

  it('restores posts and images byte for byte after they were changed and deleted, keeping the replaced database', async () => {
    await live.db.updateTable('blog_posts').set({ title: 'Edited after the backup' }).where('slug', '=', 'with-image').execute()
    await live.db.deleteFrom('blog_posts').where('slug', '=', 'draft').execute()
    for (const url of imageUrls) await deleteMediaFile(live.db, url)
    const changed = await snapshot(live.db)
    expect(changed.files).toHaveLength(0)
    expect(changed).not.toEqual(before)

    await expect(restoreSqlite(backupPath, target)).rejects.toThrow(/in use by another process. Stop the server/)
    expect(await snapshot(live.db)).toEqual(changed)

    await current.close()
    const report = await restoreSqlite(backupPath, target, new Date('2026-03-04T05:06:07.890Z'))
    expect(report).toMatchObject({ source: backupPath, target, posts: 2, files: 2, migrated: [], removed: [] })
    expect(report.keptAs).toBe(`${target}.before-restore-20260304T050607Z`)
    expect(await snapshotOf(report.keptAs!)).toEqual(changed)
    expect(readdirSync(dir).filter((name) => name.includes('.restoring-'))).toEqual([])

    current = openDatabase(live.target)
    expect(await snapshot(current.db)).toEqual(before)
    const hero = parseMediaUrl(imageUrls[0])!
    const stored = await readFile(current.db, hero.bucket, hero.path)
    expect(stored?.contentType).toBe('image/png')
    expect(Buffer.compare(stored!.bytes, before.files.find((f) => f.path === hero.path)!.bytes)).toBe(0)
    expect(await sharp(stored!.bytes).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 })
    expect((await sharp(stored!.bytes).raw().toBuffer()).equals(await sharp(png).raw().toBuffer())).toBe(true)
  })

  it('a second restore the same second keeps both replaced databases', async () => {
    await current.close()
    const at = new Date('2026-03-04T05:06:07.890Z')
    const report = await restoreSqlite(backupPath, target, at)
    expect(report.keptAs).toBe(`${target}.before-restore-20260304T050607Z-2`)
    expect(existsSync(`${target}.before-restore-20260304T050607Z`)).toBe(true)
    current = openDatabase(live.target)
    expect(await snapshot(current.db)).toEqual(before)
  })

  it('keeps the writes a crashed server left in the -wal file in the replaced copy', async () => {
    // A server killed mid-flight leaves its last committed writes in site.db-wal, not yet in site.db.
    await createTestPost(current.db, authorId, { slug: 'only-in-the-wal' })
    const crashed = join(dir, 'crashed', 'site.db')
    mkdirSync(dirname(crashed))
    for (const suffix of ['', '-wal', '-shm']) copyFileSync(`${target}${suffix}`, `${crashed}${suffix}`)
    await current.db.deleteFrom('blog_posts').where('slug', '=', 'only-in-the-wal').execute()
    expect(statSync(`${crashed}-wal`).size).toBeGreaterThan(0)

    const report = await restoreSqlite(backupPath, crashed)
    expect((await snapshotOf(report.keptAs!)).posts.map((p) => p.slug)).toContain('only-in-the-wal')
    expect(readdirSync(dirname(crashed)).sort()).toEqual(['site.db', basename(report.keptAs!)].sort())
    expect(await snapshotOf(crashed)).toEqual(before)
  })

  describe('refuses a bad backup and leaves the current database untouched', () => {
    const cases: [string, () => string | Promise<string>, RegExp][] = [
      [
        'a text file',
        () => {
          const path = join(dir, 'notes.db')
          writeFileSync(path, 'These are not the rows you are looking for.\n'.repeat(40))
          return path
        },
        /notes\.db is not a SQLite database \(file is not a database\)/,
      ],
      [
        'a truncated backup',
        () => {
          const path = join(dir, 'truncated.db')
          const whole = readFileSync(backupPath)
          writeFileSync(path, whole.subarray(0, Math.floor(whole.length / 2)))
          return path
        },
        /truncated\.db is damaged or truncated/,
      ],
      [
        'a backup whose table and index disagree',
        () => {
          // One byte of a post's slug changed in the table's page; its unique index still has the old slug.
          const path = join(dir, 'damaged.db')
          const copy = new SQLite(backupPath, { readonly: true })
          const { rootpage } = copy.prepare(`select rootpage from sqlite_master where name = 'blog_posts'`).get() as {
            rootpage: number
          }
          const pageSize = copy.pragma('page_size', { simple: true }) as number
          copy.close()
          const bytes = readFileSync(backupPath)
          const page = bytes.subarray((rootpage - 1) * pageSize, rootpage * pageSize)
          const inTitle = page.indexOf('with-image') // the title is "Test post with-image"; the slug comes next
          const inSlug = page.indexOf('with-image', inTitle + 1)
          expect(inSlug).toBeGreaterThan(inTitle)
          page[inSlug] = 'W'.charCodeAt(0)
          writeFileSync(path, bytes)
          return path
        },
        /damaged\.db is damaged; SQLite's integrity check says: row \d+ missing from index sqlite_autoindex_blog_posts/,
      ],
      [
        'an empty file',
        () => {
          const path = join(dir, 'empty.db')
          writeFileSync(path, '')
          return path
        },
        /empty\.db is a SQLite database but not this site's \(it has no kysely_migration, blog_posts, files tables\)/,
      ],
      [
        "another application's database",
        () => {
          const path = join(dir, 'other-app.db')
          const other = new SQLite(path)
          other.exec('create table blog_posts (id text); insert into blog_posts values (1)')
          other.close()
          return path
        },
        /other-app\.db is a SQLite database but not this site's \(it has no kysely_migration, files tables\)/,
      ],
      [
        'a backup made by newer code',
        async () => {
          const path = join(dir, 'from-the-future.db')
          await backupSqlite(target, path)
          const newer = new SQLite(path)
          newer
            .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
            .run('2099_01_01_0001_future', new Date().toISOString())
          newer.close()
          return path
        },
        /from-the-future\.db was made by a newer version of the site \(migrations this code does not know: 2099_01_01_0001_future\)/,
      ],
      ['a missing file', () => join(dir, 'nowhere.db'), /There is no file at .*nowhere\.db/],
    ]

    it.each(cases)('%s', async (_name, make, message) => {
      const bad = await make()
      await current.close()
      const hash = sha256(target)
      const listing = readdirSync(dir).sort()
      try {
        const attempt = restoreSqlite(bad, target)
        await expect(attempt).rejects.toBeInstanceOf(BackupRefused)
        await expect(attempt).rejects.toThrow(message)
        expect(sha256(target)).toBe(hash)
        expect(readdirSync(dir).sort()).toEqual(listing)
      } finally {
        current = openDatabase(live.target)
      }
      expect(await snapshot(current.db)).toEqual(before)
    })
  })

  it('brings a backup from older code up to date with the pending migrations', async () => {
    const old = await createTestDatabase('sqlite', { migrate: false })
    try {
      const migrator = new Migrator({ db: old.db, provider: { getMigrations: async () => migrationsFor('sqlite') } })
      const { error } = await migrator.migrateTo('2026_11_22_0002_inquiry_ip')
      expect(error).toBeUndefined()
      const oldAuthor = await createTestAuthor(old.db)
      const now = new Date().toISOString()
      await (old.db as unknown as UntypedDb)
        .insertInto('blog_posts')
        .values({
          id: 'old-post',
          title: 'Straße Café',
          slug: 'old-post',
          content: 'x',
          excerpt: 'Old Excerpt',
          published: 1,
          published_at: now,
          author_id: oldAuthor,
          created_at: now,
          updated_at: now,
        })
        .execute()
      const oldBackup = join(dir, 'old-code.db')
      expect((await backupSqlite((old.target as { path: string }).path, oldBackup)).migrations).toEqual([
        '2026_11_22_0001_initial',
        '2026_11_22_0002_inquiry_ip',
      ])

      const fresh = join(dir, 'fresh', 'site.db')
      const report = await restoreSqlite(oldBackup, fresh)
      expect(report.keptAs).toBeNull()
      // Every migration after the two the old code had.
      expect(report.migrated).toEqual(Object.keys(migrationsFor('sqlite')).slice(2))
      expect(report.migrations).toEqual(Object.keys(migrationsFor('sqlite')))
      const restored = await snapshotOf(fresh)
      expect(restored.posts).toMatchObject([{ id: 'old-post', search_text: 'straße café\nold excerpt' }])
      expect(readdirSync(dirname(fresh))).toEqual(['site.db'])
    } finally {
      await old.cleanup()
    }
  })

  // Each command starts npm and tsx: allow for a busy machine.
  describe('the npm commands', { timeout: 90_000 }, () => {
    it('npm run db:backup copies the database while a write is in progress in another process', async () => {
      const dest = join(dir, 'backups', 'from-cli.db')
      const result = await current.db.transaction().execute(async (trx) => {
        await createTestPost(trx, authorId, { slug: 'in-flight' })
        return npmRun('db:backup', [dest], target)
      })
      expect(result.stderr).not.toContain('refused')
      expect(result.code).toBe(0)
      const size = readFileSync(dest).length
      expect(result.stdout).toContain(`Backed up ${target} to ${dest} (${Math.round(size / 1024)} KB).`)
      expect(result.stdout).toContain('Integrity check ok: 2 posts, 2 uploaded files')
      expect(result.stdout).toContain('Uploaded images are stored in the database, so this one file holds them too.')
      expect(await snapshotOf(dest)).toEqual(before)
      await current.db.deleteFrom('blog_posts').where('slug', '=', 'in-flight').execute()
    })

    it('both commands point to pg_dump / pg_restore for a PostgreSQL database', async () => {
      const postgres = 'postgres://user:secret@127.0.0.1:1/site'
      const backup = await npmRun('db:backup', [], postgres)
      expect(backup.code).toBe(1)
      expect(backup.stderr).toContain('pg_dump --format=custom --file=site.dump "$DATABASE_URL"')
      expect(backup.stderr).toContain('docs/operations.md')
      const restore = await npmRun('db:restore', [join(dir, 'backups', 'from-cli.db')], postgres)
      expect(restore.code).toBe(1)
      expect(restore.stderr).toContain('pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" site.dump')
    })

    it('npm run db:restore refuses while the database is open elsewhere, then restores once it is closed', async () => {
      await current.db.updateTable('blog_posts').set({ title: 'Changed again' }).execute()
      const backup = join(dir, 'backups', 'from-cli.db')

      const refused = await npmRun('db:restore', [backup], target)
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain(`Restore refused, nothing was changed: ${target} is in use by another process.`)
      expect((await snapshot(current.db)).posts.map((p) => p.title)).toEqual(['Changed again', 'Changed again'])

      await current.close()
      const restored = await npmRun('db:restore', [backup], target)
      expect(restored.stderr).not.toContain('refused')
      expect(restored.code).toBe(0)
      expect(restored.stdout).toContain(`Checked ${backup}: integrity ok, 2 posts, 2 uploaded files`)
      expect(restored.stdout).toMatch(new RegExp(`Kept the previous database as ${target}\\.before-restore-\\d{8}T\\d{6}Z`))
      expect(restored.stdout).toContain(`Restored ${target}`)
      current = openDatabase(live.target)
      expect(await snapshot(current.db)).toEqual(before)
    })

    it('npm run db:restore without a file prints its usage', async () => {
      const result = await npmRun('db:restore', [], target)
      expect(result.code).toBe(1)
      expect(result.stderr).toContain('Usage: npm run db:restore')
    })
  })
})
