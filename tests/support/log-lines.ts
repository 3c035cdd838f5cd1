/** One line of the server's log (app/server/log.server.ts): pino's fields, and those of a request or an event. */
export interface LogLine {
  level: string
  time: string
  msg: string
  event?: string
  reqId?: string
  method?: string
  url?: string
  status?: number
  ms?: number
  how?: 'cached' | 'redirect' | 'refused' | 'rendered'
  err?: { message: string; stack?: string }
  [field: string]: unknown
}

/**
 * The JSON lines of a server's output, in order. Lines that are not JSON (Node's own warnings on
 * stderr, the error lines of route modules) are left out, and so is a last line still being written.
 */
export function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .slice(0, -1)
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)
}

/** The message of each JSON line: `GET / 200 cached`, `GET /about 200 12.3ms`, `Notification 4 (webhook, attempt 1) delivered`. */
export function logMessages(output: string): string[] {
  return logLines(output).map((line) => line.msg)
}

/** The lines of the requests the server answered. */
export function requestLines(output: string): LogLine[] {
  return logLines(output).filter((line) => line.event === 'request')
}
