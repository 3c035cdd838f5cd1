import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { migrateToLatest, openDatabase } from '~/server/db/connection.server'
import { databaseServerVersion } from '~/server/db/server-version.server'
import { ERRORS_KEPT, startErrorRecorder } from '~/server/host/error-recorder.server'
import { ALIVE_WITHIN_MS, instanceName, startInstanceHeartbeat } from '~/server/host/instance-heartbeat.server'
import { logger, onErrorLogged, type LoggedError } from '~/server/log.server'
import { lastBackup } from '~/server/repositories/app-meta.server'
import { createInquiry } from '~/server/repositories/inquiries.server'
import { listInstances, recordInstance } from '~/server/repositories/instances.server'
import { enqueueNotifications, outboxBacklog } from '~/server/repositories/outbox.server'
import { addServerErrors, listServerErrors } from '~/server/repositories/server-errors.server'
import { describeEachDatabase, failingOn } from '../support/databases'

const aliveSince = () => new Date(Date.now() - ALIVE_WITHIN_MS).toISOString()
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
// Long enough that no timer writes during a test: what is written, stop() wrote.
const NEVER_MS = 3_600_000

describeEachDatabase('instances heartbeat', (get) => {
  it('writes its row at once, keeps one row per name, and deletes it on a clean stop', async () => {
    const { db } = get()
    const first = await startInstanceHeartbeat(db, { name: 'instance-1', version: 'abc123' }, NEVER_MS)
    const [row] = await listInstances(db, aliveSince())
    expect(row).toMatchObject({ name: 'instance-1', host: hostname(), pid: process.pid, version: 'abc123', alive: true })
    await first.stop()
    expect(await listInstances(db, aliveSince())).toEqual([])

    // Restarted under the same name (the cluster's INSTANCE_NAME) after a crash left its row: it takes the row over.
    await recordInstance(db, {
      name: 'instance-1',
      host: 'h',
      pid: 1,
      version: 'old',
      startedAt: minutesAgo(60),
      lastSeenAt: minutesAgo(5),
    })
    const second = await startInstanceHeartbeat(db, { name: 'instance-1', version: 'def456' }, NEVER_MS)
    const rows = await listInstances(db, aliveSince())
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ version: 'def456', pid: process.pid, alive: true })
    expect(Date.parse(rows[0]!.startedAt)).toBeGreaterThan(Date.parse(minutesAgo(1)))
    await second.stop()
  })

  it('tells the instances seen in the last minute from older ones, and forgets those not seen for a day', async () => {
    const { db } = get()
    const seen = (name: string, lastSeenAt: string) =>
      recordInstance(db, { name, host: 'host-a', pid: 7, version: 'v', startedAt: minutesAgo(3 * 24 * 60), lastSeenAt })
    await seen('crashed-an-hour-ago', minutesAgo(60))
    await seen('missed-two-beats', minutesAgo(0.5))
    await seen('gone-two-days', minutesAgo(2 * 24 * 60))
    const heartbeat = await startInstanceHeartbeat(db, { name: 'this-one', version: 'v' }, NEVER_MS)

    const rows = await listInstances(db, aliveSince())
    expect(rows.map((row) => [row.name, row.alive])).toEqual([
      ['this-one', true],
      ['missed-two-beats', true],
      ['crashed-an-hour-ago', false],
    ])
    await heartbeat.stop()
    expect((await listInstances(db, aliveSince())).map((row) => row.name)).toEqual(['missed-two-beats', 'crashed-an-hour-ago'])
  })
})

describeEachDatabase('error recorder', (get) => {
  it('writes errors in one batch, cut to size, and keeps only the newest 200', async () => {
    const { db } = get()
    await db.deleteFrom('server_errors').execute()
    const recorder = startErrorRecorder(db, 'instance-2', NEVER_MS)
    const base = Date.parse('2026-11-28T10:00:00.000Z')
    const at = (i: number) => new Date(base + i * 1000).toISOString()
    recorder.record({ message: 'x'.repeat(1500), reqId: 'req-long', path: `/${'p'.repeat(400)}`, time: at(0) })
    for (let i = 1; i <= 250; i++) recorder.record({ message: `error ${i}`, reqId: `req-${i}`, path: '/contact', time: at(i) })
    // Gathered, not written: the batch waits for its timer, or for stop().
    expect(await listServerErrors(db, 1000)).toEqual([])

    await recorder.stop()
    const stored = await listServerErrors(db, 1000)
    expect(stored).toHaveLength(ERRORS_KEPT)
    expect(stored[0]).toMatchObject({
      occurredAt: at(250),
      instance: 'instance-2',
      message: 'error 250',
      path: '/contact',
      requestId: 'req-250',
    })
    expect(stored.at(-1)!.message).toBe('error 51')
  })

  it('keeps the table to the newest 200 across batches and instances, and cuts long messages to 1,000 characters', async () => {
    const { db } = get()
    await db.deleteFrom('server_errors').execute()
    const older = Array.from({ length: 150 }, (_, i) => ({
      occurredAt: new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString(),
      instance: 'instance-1',
      message: `old ${i}`,
      path: null,
      requestId: null,
    }))
    await addServerErrors(db, older, ERRORS_KEPT)
    const recorder = startErrorRecorder(db, 'instance-3', NEVER_MS)
    for (let i = 0; i < 100; i++) {
      recorder.record({ message: i === 99 ? 'y'.repeat(1500) : `new ${i}`, time: new Date(Date.UTC(2026, 10, 2, 0, 0, i)).toISOString() })
    }
    await recorder.stop()

    const stored = await listServerErrors(db, 1000)
    expect(stored).toHaveLength(ERRORS_KEPT)
    expect(stored[0]).toMatchObject({ instance: 'instance-3', message: 'y'.repeat(1000), path: null, requestId: null })
    expect(stored.filter((error) => error.instance === 'instance-3')).toHaveLength(100)
    expect(stored.at(-1)!.message).toBe('old 50')
  })

  it('drops a batch the database refuses without a word, and writes the next one', async () => {
    const { db } = get()
    await db.deleteFrom('server_errors').execute()
    const failing = startErrorRecorder(failingOn(db, 'InsertQueryNode', 'server_errors'), 'instance-1', NEVER_MS)
    // Logging the failure would record one more error to write, for ever.
    const logged: LoggedError[] = []
    const stopListening = onErrorLogged((entry) => logged.push(entry))
    const warned = vi.spyOn(logger, 'warn')
    try {
      failing.record({ message: 'lost with its batch', time: new Date().toISOString() })
      await failing.stop()
    } finally {
      stopListening()
      warned.mockRestore()
    }
    expect(logged).toEqual([])
    expect(warned).not.toHaveBeenCalled()
    expect(await listServerErrors(db, 10)).toEqual([])

    const working = startErrorRecorder(db, 'instance-1', NEVER_MS)
    working.record({ message: 'written', time: new Date().toISOString() })
    await working.stop()
    expect((await listServerErrors(db, 10)).map((error) => error.message)).toEqual(['written'])
  })
})

describeEachDatabase('database server version', (get) => {
  it('names the engine and its version', async () => {
    const { db, dialect } = get()
    expect(await databaseServerVersion(db, dialect)).toMatch(
      dialect === 'sqlite' ? /^SQLite 3\.\d+\.\d+$/ : /^PostgreSQL \d+(\.\d+)?( \(.+\))?$/,
    )
  })
})

describeEachDatabase('outbox backlog', (get) => {
  it('counts the notifications waiting, those failing among them and those given up on, and the oldest waiting', async () => {
    const { db } = get()
    expect(await outboxBacklog(db)).toEqual({ pending: 0, failing: 0, failed: 0, oldestPendingAt: null })
    const leadId = await createInquiry(db, {
      kind: 'contact',
      name: 'Ann',
      email: 'ann@example.com',
      business: null,
      message: 'Hi',
      ip: null,
    })
    await enqueueNotifications(db, [{ channel: 'email', leadId, payload: {} }], minutesAgo(30))
    await enqueueNotifications(db, [{ channel: 'webhook', leadId, payload: {} }], minutesAgo(10))
    await enqueueNotifications(db, [{ channel: 'email', leadId, payload: {} }], minutesAgo(5))
    const rows = await db.selectFrom('outbox').select(['id', 'created_at']).orderBy('created_at').execute()
    await db.updateTable('outbox').set({ last_error: 'SMTP refused' }).where('id', '=', rows[1]!.id).execute()
    await db.updateTable('outbox').set({ status: 'failed', last_error: 'gave up' }).where('id', '=', rows[2]!.id).execute()

    expect(await outboxBacklog(db)).toEqual({ pending: 2, failing: 1, failed: 1, oldestPendingAt: rows[0]!.created_at })
  })
})

describe('instance name', () => {
  it('is INSTANCE_NAME, or the host and process id', () => {
    expect(instanceName({ INSTANCE_NAME: 'instance-2' })).toBe('instance-2')
    expect(instanceName({})).toBe(`${hostname()}:${process.pid}`)
  })
})

describe('npm run db:backup', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'system-backup-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('notes the backup it made (when, where, how big) in the database it backed up', async () => {
    const path = join(dir, 'site.db')
    const database = openDatabase({ kind: 'sqlite', path })
    await migrateToLatest(database)
    expect(await lastBackup(database.db)).toBeNull()
    const before = new Date().toISOString()

    const dest = join(dir, 'backups', 'site-backup.db')
    await promisify(execFile)('npm', ['run', '--silent', 'db:backup', '--', dest], {
      env: { ...process.env, DATABASE_URL: `file:${path}` },
    })

    const backup = await lastBackup(database.db)
    expect(backup).toEqual({ at: expect.any(String), path: dest, bytes: statSync(dest).size })
    expect(backup!.at >= before).toBe(true)
    await database.close()
  })
})
