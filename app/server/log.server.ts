import { hostname } from 'node:os'
import pino, { type DestinationStream, type Logger } from 'pino'
import pretty from 'pino-pretty'

/*
 * The server's log: one JSON line per request or event on stdout (pino), for a log shipper to read;
 * `LOG_FORMAT=pretty` prints readable lines instead, for a person at a terminal. Every room of
 * app/server logs through it, so it imports nothing of ours. Events carry a short `event` field
 * (`lead.stored`, `notification.failed`, ...), so that a query needs no message text.
 */

export type LogFormat = 'json' | 'pretty'

/** What the System screen keeps of an error the server logged. */
export interface LoggedError {
  message: string
  reqId?: string
  path?: string
  time: string
}

type ErrorListener = (entry: LoggedError) => void

interface Log {
  logger: Logger
  errorListeners: Set<ErrorListener>
  /** Where every line goes: stdout as it is, or through pino-pretty. */
  output: DestinationStream
  batch: string[]
}

// server.ts and React Router's build are two bundles, each with a copy of this module: the one log
// lives on globalThis, so that both write in the format chosen and tell the same listeners.
const SHARED = Symbol.for('bayline.log')
const log = ((globalThis as Record<symbol, Log | undefined>)[SHARED] ??= createLog())

export const logger = log.logger

function createLog(): Log {
  const shared: Log = {
    errorListeners: new Set(),
    // Written synchronously, as console.log writes to a pipe or file: a line logged just before the
    // process exits is not lost.
    output: pino.destination({ fd: 1, sync: true }),
    batch: [],
    logger: undefined as unknown as Logger,
  }
  const errorLevel = pino.levels.values.error!
  shared.logger = pino(
    {
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        logMethod(args, method, level) {
          if (level >= errorLevel && shared.errorListeners.size) tellErrorListeners(shared.errorListeners, args as unknown[])
          return method.apply(this, args)
        },
      },
    },
    // Through the shared output, so that the format can be chosen once the configuration is read.
    { write: (line: string) => shared.output.write(line) },
  )
  return shared
}

/** Tells the listener of every error logged from now on; returns the way to stop. */
export function onErrorLogged(listener: ErrorListener): () => void {
  log.errorListeners.add(listener)
  return () => log.errorListeners.delete(listener)
}

/** Switches the lines written from now on to the given format. */
export function setLogFormat(format: LogFormat) {
  log.output =
    format === 'pretty'
      ? pretty({
          sync: true,
          colorize: process.stdout.isTTY,
          translateTime: 'SYS:HH:MM:ss.l',
          // A request's line says its method, address, status and time in its message already.
          ignore: 'pid,hostname,method,url,status,ms,how',
          singleLine: true,
        })
      : pino.destination({ fd: 1, sync: true })
}

// Cache hits come thousands a second: their lines are written together, at most every 20 ms (one
// write per event-loop turn cost a busy server a tenth of its hits), and each is put together here,
// in the shape pino gives the others, at a tenth of pino's cost.
const BATCH_MS = 20
const LINE_START = `{"level":"info","time":"`
const LINE_BASE = `","pid":${process.pid},"hostname":${JSON.stringify(hostname())},`
let lastMs = 0
let lastTime = ''

/**
 * Logs an info line in the next batch. `fields` is the JSON of its fields without braces, as
 * `"event":"request","status":200`; the caller escapes its strings (JSON.stringify).
 */
export function logInBatch(fields: string, msg: string) {
  const now = Date.now()
  if (now !== lastMs) {
    lastMs = now
    lastTime = new Date(now).toISOString()
  }
  if (log.batch.length === 0) setTimeout(writeBatch, BATCH_MS)
  log.batch.push(`${LINE_START}${lastTime}${LINE_BASE}${fields},"msg":${JSON.stringify(msg)}}\n`)
}

function writeBatch() {
  log.output.write(log.batch.join(''))
  log.batch = []
}

/** The line a log call writes as an entry for the listeners: `logger.error({ err, reqId, path }, 'What failed')`. */
function tellErrorListeners(listeners: Set<ErrorListener>, args: unknown[]) {
  const [first, second] = args
  const fields = typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : {}
  const error = first instanceof Error ? first : fields.err instanceof Error ? fields.err : undefined
  const text = typeof first === 'string' ? first : typeof second === 'string' ? second : undefined
  const message = [text, error?.message].filter(Boolean).join(': ') || 'Unknown error'
  const entry: LoggedError = {
    message,
    reqId: typeof fields.reqId === 'string' ? fields.reqId : undefined,
    path: typeof fields.path === 'string' ? fields.path : typeof fields.url === 'string' ? fields.url : undefined,
    time: new Date().toISOString(),
  }
  for (const listener of listeners) {
    // A listener that fails must not make logging fail.
    try {
      listener(entry)
    } catch {
      // Nothing to tell: the error itself is in the log already.
    }
  }
}
