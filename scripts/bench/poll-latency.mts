// Asks a URL one request at a time, every `everyMs`, until stopped, and answers the latencies
// (p50, p99, max and when the slowest were asked). Used by bench:export and bench:import beside a
// long request: `/healthz` (answers after a database query) and `/publicKey` (no database: only
// the event loop) tell a busy database from a blocked server.

export type LatencyFigures = {
  samples: number
  p50ms: number
  p99ms: number
  maxMs: number
  /** the three slowest answers: when they were asked (ms after the start) and how long they took */
  slowest: { atMs: number; ms: number }[]
}

export function pollLatency(url: string, everyMs = 20) {
  let running = true
  const t0 = performance.now()
  const took: number[] = []
  const slowest: { atMs: number; ms: number }[] = []
  const loop = (async () => {
    while (running) {
      const t = performance.now()
      await (await fetch(url)).arrayBuffer()
      const ms = performance.now() - t
      took.push(ms)
      slowest.push({ atMs: Math.round(t - t0), ms: Math.round(ms) })
      slowest.sort((a, b) => b.ms - a.ms).splice(3)
      const wait = everyMs - (performance.now() - t)
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    }
  })()
  return {
    async stop(): Promise<LatencyFigures> {
      running = false
      await loop
      const sorted = [...took].sort((a, b) => a - b)
      const pct = (p: number) =>
        Math.round(
          (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN) * 10,
        ) / 10
      return {
        samples: sorted.length,
        p50ms: pct(50),
        p99ms: pct(99),
        maxMs: Math.round((sorted.at(-1) ?? NaN) * 10) / 10,
        slowest,
      }
    },
  }
}
