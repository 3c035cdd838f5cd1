import { readFileSync } from 'node:fs'

/** A process's resident memory in MB, read from /proc (Linux); 0 once it can't be read. */
export function residentMb(pid: number | undefined): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
    return Math.round(kb / 1024)
  } catch {
    return 0
  }
}

/** Samples a process's resident memory every `everyMs` until stopped, each sample with its time. */
export function sampleRss(pid: number | undefined, everyMs = 100) {
  const samples: { at: number; mb: number }[] = []
  const take = () => {
    const mb = residentMb(pid)
    if (mb > 0) samples.push({ at: Date.now(), mb })
  }
  take()
  const timer = setInterval(take, everyMs)
  const since = (from: number, to = Infinity) => samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.mb)
  return {
    samples: samples as readonly { at: number; mb: number }[],
    /** The highest sample taken in [from, to] (the whole run by default). */
    peak: (from = 0, to = Infinity) => Math.max(0, ...since(from, to)),
    /** The median sample in [from, to]: a level, where a peak would be a spike. */
    median: (from = 0, to = Infinity) => {
      const values = since(from, to).sort((a, b) => a - b)
      return values[Math.floor(values.length / 2)] ?? 0
    },
    stop: () => clearInterval(timer),
  }
}
