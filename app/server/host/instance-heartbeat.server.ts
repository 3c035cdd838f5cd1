import { readFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import type { Db } from '~/server/db/schema.server'
import { forgetInstance, forgetInstancesNotSeenSince, recordInstance } from '~/server/repositories/instances.server'

/*
 * Each instance writes its row in `instances` every 15 seconds, so the System screen can list those
 * alive (seen in the last minute: a few beats may be missed while the database restarts) and what
 * each runs. Rows not seen for a day are deleted by whichever instance beats; an instance that stops
 * cleanly deletes its own, so a row left behind is one that crashed or lost its database.
 */

export const HEARTBEAT_MS = 15_000
/** An instance seen this recently is alive. */
export const ALIVE_WITHIN_MS = 60_000
const FORGOTTEN_AFTER_MS = 24 * 60 * 60 * 1000

/** The instance's name: INSTANCE_NAME (the cluster sets instance-1..3), or host:pid. */
export function instanceName(env: NodeJS.ProcessEnv = process.env): string {
  return env.INSTANCE_NAME?.trim() || `${hostname()}:${process.pid}`
}

/**
 * The build an instance runs: the start of the stamp `npm run build` writes of the sources it built
 * (scripts/lib/source-hash.mjs), the same on instances built from the same sources; 'development'
 * without a build.
 */
export function buildVersion(buildDir: string | null): string {
  if (buildDir === null) return 'development'
  try {
    return readFileSync(join(buildDir, 'source-hash'), 'utf8').trim().slice(0, 12) || 'unknown'
  } catch {
    return 'unknown'
  }
}

/** Writes the instance's row at once, then every `everyMs`. */
export async function startInstanceHeartbeat(db: Db, { name, version }: { name: string; version: string }, everyMs = HEARTBEAT_MS) {
  const startedAt = new Date().toISOString()
  const beat = async () => {
    const now = Date.now()
    try {
      await recordInstance(db, { name, host: hostname(), pid: process.pid, version, startedAt, lastSeenAt: new Date(now).toISOString() })
      await forgetInstancesNotSeenSince(db, new Date(now - FORGOTTEN_AFTER_MS).toISOString())
    } catch {
      // The database is away (readyz says so); the next beat tries again.
    }
  }
  let beating = beat()
  await beating
  const timer = setInterval(() => {
    beating = beat()
  }, everyMs)
  timer.unref()
  return {
    /** Ends the beats and deletes the row, after the beat under way (it would write it again). */
    stop: async () => {
      clearInterval(timer)
      await beating
      await forgetInstance(db, name).catch(() => {})
    },
  }
}
