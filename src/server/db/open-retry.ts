import { isDbUnreachable } from './faults.ts'

export type RetryOptions = {
  /** where the database is, for the log line (host:port, never the password) */
  where: string
  /** one line per failed attempt */
  log: (line: string) => void
  /** stops waiting (SIGTERM during start-up) */
  signal?: AbortSignal
  /** first wait and longest wait between attempts (ms) */
  firstDelayMs?: number
  maxDelayMs?: number
}

/** Waiting was stopped by the signal. */
export class RetryAborted extends Error {
  constructor() {
    super('stopped while waiting for the database')
    this.name = 'RetryAborted'
  }
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })

/**
 * Opens the database, and while it cannot be reached (refused, reset, timed out, shutting
 * down: faults.ts) waits and tries again: 1 s, 2 s, 4 s, then every `maxDelayMs` (5 s), one log
 * line per attempt, until it answers or `signal` aborts. Any other failure (a wrong password, a
 * database that does not exist) is thrown at once: waiting would not fix it. An instance
 * started while PostgreSQL is down thus becomes ready when it returns, without a supervisor
 * restarting it (deploy/forgeline.service).
 */
export async function openWhenReachable<T>(open: () => Promise<T>, o: RetryOptions): Promise<T> {
  let delay = o.firstDelayMs ?? 1000
  const max = o.maxDelayMs ?? 5000
  for (let attempt = 1; ; attempt++) {
    if (o.signal?.aborted) throw new RetryAborted()
    try {
      const opened = await open()
      if (attempt > 1) o.log(`The database at ${o.where} answers: starting (attempt ${attempt})`)
      return opened
    } catch (e) {
      if (!isDbUnreachable(e)) throw e
      const why = (e as NodeJS.ErrnoException).code || (e as Error).message
      o.log(
        `The database at ${o.where} cannot be reached (${why}); trying again in ${Math.round(delay / 1000)} s (attempt ${attempt})`,
      )
      await pause(delay, o.signal)
      delay = Math.min(delay * 2, max)
    }
  }
}
