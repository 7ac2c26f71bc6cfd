/** An answer that did not come within the time limit (the name query-client.ts checks). */
export class TimeoutError extends Error {
  constructor(what: string) {
    super(`Request timed out: ${what}`)
    this.name = 'TimeoutError'
  }
}

/**
 * `fetch` that gives up after `ms` milliseconds without an answer: aborts the request and rejects
 * with a TimeoutError. `init.signal` still cancels it, the body included (a long download).
 */
export async function fetchWithin(url: string, init: RequestInit, ms: number): Promise<Response> {
  const controller = new AbortController()
  // a caller's cancel (only exports pass one, and cancel after the start)
  init.signal?.addEventListener('abort', () => controller.abort())
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    return await Promise.race([
      fetch(url, { ...init, signal: controller.signal }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort()
          reject(new TimeoutError(`${init.method ?? 'GET'} ${url}`))
        }, ms)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}
