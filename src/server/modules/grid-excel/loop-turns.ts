/** The next turn of the event loop: requests waiting behind long work are answered first. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * A check to await between the steps of long work (rows of a file read, checked or written):
 * it lets the event loop turn once `limitMs` have passed since the last turn, so a file of
 * 10,000 rows never holds other requests for longer than that (`/healthz` within
 * 100 ms while an import or an export runs). Costs a clock read per step otherwise.
 */
export function loopTurns(limitMs = 10): () => Promise<void> | undefined {
  let since = performance.now()
  return () => {
    if (performance.now() - since < limitMs) return undefined
    return nextTurn().then(() => {
      since = performance.now()
    })
  }
}
