import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { Gauge, Registry } from 'prom-client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { newestBackupSeconds } from '#server/metrics/backup-age'
import { createFaultMetrics } from '#server/metrics/fault-metrics'
import { registerHttpMetrics } from '#server/metrics/http-metrics'
import { createMetrics } from '#server/metrics/metrics'
import { startMetricsServer, type MetricsServer } from '#server/metrics/metrics-server'
import { createTestApp } from './helpers/test-app.ts'
import {
  readinessCheck,
  readyTimeoutMs,
  watchDatabaseReturn,
} from '#server/modules/health/readiness'

/*
 * The parts of the metrics and health code one by one, each with what it is given directly (a
 * folder, a registry, a stand-in app): the cases the whole-server tests do not reach (a backup
 * folder's odd files, the metrics listener's refusals, the readiness check's timing and logs).
 */
const cleanup: (() => unknown)[] = []
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c()
  vi.useRealTimers()
})

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-metrics-'))
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}
const writeAt = (file: string, body: string, seconds: number) => {
  fs.writeFileSync(file, body)
  fs.utimesSync(file, seconds, seconds)
}

describe('the newest backup of a folder', () => {
  it('is the newest complete, non-empty backup file: not a dot file, a .partial, an empty file or a folder', async () => {
    const dir = tempDir()
    writeAt(path.join(dir, 'forgeline-1.tar.gz'), 'old', 1_700_000_000)
    writeAt(path.join(dir, 'forgeline-2.dump'), 'newest complete', 1_700_000_500)
    // each of these is newer than the newest backup
    writeAt(path.join(dir, '.forgeline-3.tar.gz'), 'hidden', 1_800_000_000)
    writeAt(path.join(dir, 'forgeline-4.tar.gz.partial'), 'being written', 1_800_000_000)
    writeAt(path.join(dir, 'forgeline-5.tar.gz'), '', 1_800_000_000)
    fs.mkdirSync(path.join(dir, 'forgeline-6.tar.gz'))
    fs.utimesSync(path.join(dir, 'forgeline-6.tar.gz'), 1_800_000_000, 1_800_000_000)
    expect(await newestBackupSeconds(dir)).toBe(1_700_000_500)
  })

  it('is 0 for a folder that holds none or cannot be read', async () => {
    const dir = tempDir()
    expect(await newestBackupSeconds(dir)).toBe(0)
    expect(await newestBackupSeconds(path.join(dir, 'missing'))).toBe(0)
  })
})

/** GET (or `method`) on the metrics listener: status, headers and body. */
function ask(port: number, pathname: string, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: pathname, method }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
      })
      req.on('error', reject)
      req.end()
    },
  )
}

async function listener(registry: Registry): Promise<MetricsServer> {
  const server = await startMetricsServer(registry, '127.0.0.1', 0)
  cleanup.push(() => server.close())
  return server
}

describe('the metrics listener', () => {
  it('answers GET and HEAD /metrics (a query string too) with the figures, never cached', async () => {
    const registry = new Registry()
    new Gauge({ name: 'forgeline_test_figure', help: 'a test figure', registers: [registry] }).set(
      7,
    )
    const { port } = await listener(registry)
    const got = await ask(port, '/metrics?from=test')
    expect(got.status).toBe(200)
    expect(got.headers['content-type']).toBe(registry.contentType)
    expect(got.headers['cache-control']).toBe('no-store')
    expect(got.body).toContain('forgeline_test_figure 7')
    const head = await ask(port, '/metrics', 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
  })

  it('answers anything else 404 in plain text: another path, another method', async () => {
    const { port } = await listener(new Registry())
    for (const [method, pathname] of [
      ['GET', '/'],
      ['GET', '/metrics/x'],
      ['POST', '/metrics'],
      ['DELETE', '/metrics'],
    ] as const) {
      const got = await ask(port, pathname, method)
      expect([method, pathname, got.status, got.body]).toEqual([
        method,
        pathname,
        404,
        'Not found\n',
      ])
      expect(got.headers['content-type']).toBe('text/plain; charset=utf-8')
    }
  })

  it('answers 500 in plain text when a figure cannot be read', async () => {
    const registry = new Registry()
    new Gauge({
      name: 'forgeline_broken_figure',
      help: 'a figure whose reading fails',
      registers: [registry],
      collect() {
        throw new Error('cannot read')
      },
    })
    const { port } = await listener(registry)
    const got = await ask(port, '/metrics')
    expect([got.status, got.body]).toEqual([500, 'metrics failed\n'])
    expect(got.headers['content-type']).toBe('text/plain; charset=utf-8')
  })

  it('refuses to start on a port already taken (the error, not a crash)', async () => {
    const { port } = await listener(new Registry())
    await expect(startMetricsServer(new Registry(), '127.0.0.1', port)).rejects.toMatchObject({
      code: 'EADDRINUSE',
    })
  })

  it('is closed when close() resolves: open connections too', async () => {
    const server = await startMetricsServer(new Registry(), '127.0.0.1', 0)
    const agent = new http.Agent({ keepAlive: true })
    await new Promise<void>((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port: server.port, path: '/metrics', agent }, (res) => {
          res.resume()
          res.on('end', resolve)
        })
        .on('error', reject),
    )
    await server.close()
    await expect(ask(server.port, '/metrics')).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    agent.destroy()
  })
})

const scrape = (m: ReturnType<typeof createMetrics>) => m.registry.metrics()

describe('the figures of one server', () => {
  it("Node's own figures only when asked for, without the gauges named like counters", async () => {
    expect(await scrape(createMetrics())).not.toContain('nodejs_eventloop_lag_seconds')
    const withNode = await scrape(createMetrics({ process: true }))
    expect(withNode).toContain('nodejs_eventloop_lag_seconds')
    expect(withNode).toContain('nodejs_active_handles ')
    expect(withNode).not.toContain('nodejs_active_handles_total')
  })

  it('the age of the newest backup only with a backup folder', async () => {
    const name = 'forgeline_last_backup_timestamp_seconds'
    expect(await scrape(createMetrics())).not.toContain(name)
    expect(await scrape(createMetrics({ backupDir: tempDir() }))).toContain(`${name} 0`)
  })

  it('open websockets 0 until the hub is watched, then its count', async () => {
    const m = createMetrics()
    expect(await scrape(m)).toContain('forgeline_websockets_open 0')
    m.watchSockets(() => 3)
    expect(await scrape(m)).toContain('forgeline_websockets_open 3')
  })

  it("the database's connections once it is watched, by state", async () => {
    const m = createMetrics()
    expect(await scrape(m)).not.toContain('forgeline_db_connections{')
    m.watchDb({ inUse: 2, waiting: 1, size: () => 3, max: 10 } as never)
    const text = await scrape(m)
    for (const line of [
      'forgeline_db_connections{state="in_use"} 2',
      'forgeline_db_connections{state="waiting"} 1',
      'forgeline_db_connections{state="open"} 3',
      'forgeline_db_connections{state="max"} 10',
    ])
      expect(text).toContain(line)
  })

  it('durations in seconds, in the buckets the alerts and dashboard read', async () => {
    const m = createMetrics()
    m.observeQuery(250, true)
    m.observeQuery(4, false)
    m.requestSeconds.observe({ method: 'GET', route: '/x', status: '200' }, 0.2)
    m.transferSeconds.observe({ direction: 'export', grid: 'order', outcome: 'ok' }, 200)
    const text = await scrape(m)
    expect(text).toContain('forgeline_db_query_duration_seconds_sum{outcome="ok"} 0.25')
    expect(text).toContain('forgeline_db_query_duration_seconds_sum{outcome="error"} 0.004')
    expect(text).toContain('forgeline_db_query_duration_seconds_bucket{le="0.0005",outcome="ok"} 0')
    expect(text).toContain('forgeline_db_query_duration_seconds_bucket{le="0.25",outcome="ok"} 1')
    expect(text).toMatch(/forgeline_http_request_duration_seconds_bucket\{le="0\.005",/)
    expect(text).toMatch(/forgeline_http_request_duration_seconds_bucket\{le="30",/)
    expect(text).toMatch(/forgeline_grid_transfer_duration_seconds_bucket\{le="300",[^}]*\} 1/)
    expect(text).toMatch(/forgeline_grid_transfer_duration_seconds_bucket\{le="120",[^}]*\} 0/)
  })
})

describe('request figures', () => {
  async function appWithMetrics() {
    const m = createMetrics()
    const app: FastifyInstance = Fastify()
    cleanup.push(() => app.close())
    registerHttpMetrics(app, m)
    app.get('/slow', async () => {
      await new Promise((r) => setTimeout(r, 60))
      return 'done'
    })
    app.setNotFoundHandler((_req, reply) => reply.code(404).send('no'))
    await app.ready()
    return { m, app }
  }

  it('a HEAD of a page counts under the page, like a GET; a POST to it is unmatched', async () => {
    const { m, app } = await appWithMetrics()
    await app.inject({ method: 'HEAD', url: '/products?sort=2' })
    await app.inject({ method: 'POST', url: '/products' })
    const text = await scrape(m)
    expect(text).toContain(
      'forgeline_http_requests_total{method="HEAD",route="/products",status="404"} 1',
    )
    expect(text).toContain(
      'forgeline_http_requests_total{method="POST",route="unmatched",status="404"} 1',
    )
  })

  it('the time of a request in seconds', async () => {
    const { m, app } = await appWithMetrics()
    await app.inject('/slow')
    const sum =
      /forgeline_http_request_duration_seconds_sum\{[^}]*route="\/slow"[^}]*\} ([\d.e+-]+)/.exec(
        await scrape(m),
      )
    expect(Number(sum?.[1])).toBeGreaterThanOrEqual(0.05)
    expect(Number(sum?.[1])).toBeLessThan(10)
  })
})

describe('the readiness figures', () => {
  it('read as 0 before a readiness check is watched, without failing the scrape', async () => {
    const registry = new Registry()
    createFaultMetrics([registry])
    const text = await registry.metrics()
    expect(text).toContain('forgeline_db_up 0')
    expect(text).toContain('forgeline_ready 0')
  })
})

type Log = { warn: ReturnType<typeof vi.fn>; error: ReturnType<typeof vi.fn> }

/** An app as the readiness check sees it: a database that answers `ping` and its state. */
function standIn(ping: () => Promise<unknown>, state: Partial<Record<string, unknown>> = {}) {
  const hooks: (() => Promise<unknown>)[] = []
  const log: Log = { warn: vi.fn(), error: vi.fn() }
  const dbState = {
    up: true,
    noteReachable: vi.fn(() => false),
    noteUnreachable: vi.fn(() => false),
    storageFull: vi.fn(async () => false),
    ...state,
  }
  const app = {
    deps: { db: { ping: vi.fn(ping), state: dbState } },
    log,
    addHook: (_name: string, fn: () => Promise<unknown>) => hooks.push(fn),
  }
  return { app, log, dbState, close: () => Promise.all(hooks.map((h) => h())) }
}

describe('the readiness check', () => {
  it('is ready when the database answers, the storage takes writes and the app is not draining', async () => {
    const s = standIn(async () => undefined)
    let draining = false
    const check = readinessCheck(s.app as never, () => draining)
    expect(await check()).toEqual({ ready: true, dbUp: true })
    s.dbState.storageFull.mockResolvedValueOnce(true)
    expect(await check()).toEqual({ ready: false, dbUp: true, cause: 'storage' })
    draining = true
    expect(await check()).toEqual({ ready: false, dbUp: true, cause: 'draining' })
  })

  it('a refused ping is the database; the first failure and the first return are logged once', async () => {
    let answer: Promise<unknown> = Promise.reject(new Error('down'))
    answer.catch(() => {})
    const s = standIn(() => answer, {
      noteUnreachable: vi.fn(() => true),
      noteReachable: vi.fn(() => true),
    })
    const check = readinessCheck(s.app as never, () => false)
    expect(await check()).toEqual({ ready: false, dbUp: false, cause: 'database' })
    expect(s.log.error).toHaveBeenCalledWith(
      `the database cannot be reached (no answer within ${readyTimeoutMs} ms)`,
    )
    expect(s.log.warn).not.toHaveBeenCalled()
    expect(s.dbState.noteReachable).not.toHaveBeenCalled()
    answer = Promise.resolve()
    expect(await check()).toEqual({ ready: true, dbUp: true })
    expect(s.log.warn).toHaveBeenCalledWith('the database answers again')
    expect(s.log.error).toHaveBeenCalledTimes(1)
    expect(s.dbState.noteUnreachable).toHaveBeenCalledTimes(1)
  })

  it('nothing is logged while the state says it was already known', async () => {
    const s = standIn(async () => undefined)
    await readinessCheck(s.app as never, () => false)()
    expect(s.dbState.noteReachable).toHaveBeenCalledTimes(1)
    expect(s.log.warn).not.toHaveBeenCalled()
    expect(s.log.error).not.toHaveBeenCalled()
  })

  it(`a ping without an answer within ${readyTimeoutMs} ms is the database; probes meanwhile share it, the next one pings again`, async () => {
    vi.useFakeTimers()
    const s = standIn(() => new Promise(() => {}))
    const check = readinessCheck(s.app as never, () => false)
    const first = check()
    const second = check()
    await vi.advanceTimersByTimeAsync(readyTimeoutMs - 1)
    let settled = false
    void first.then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await first).toEqual({ ready: false, dbUp: false, cause: 'database' })
    expect(await second).toEqual({ ready: false, dbUp: false, cause: 'database' })
    expect(s.app.deps.db.ping).toHaveBeenCalledTimes(1)
    // no timer left behind by an answered ping
    s.app.deps.db.ping.mockImplementation(async () => undefined)
    expect(await check()).toEqual({ ready: true, dbUp: true })
    expect(s.app.deps.db.ping).toHaveBeenCalledTimes(2)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('while the database is down it is asked again every interval until the app closes; not while up', async () => {
    vi.useFakeTimers()
    const s = standIn(async () => undefined)
    const check = vi.fn(async () => undefined)
    watchDatabaseReturn(s.app as never, check, 100)
    await vi.advanceTimersByTimeAsync(250)
    expect(check).not.toHaveBeenCalled()
    s.dbState.up = false
    await vi.advanceTimersByTimeAsync(200)
    expect(check).toHaveBeenCalledTimes(2)
    await s.close()
    await vi.advanceTimersByTimeAsync(500)
    expect(check).toHaveBeenCalledTimes(2)
  })
})

describe('the health routes', () => {
  it('/healthz and /readyz answer the envelope of success: code 200, msg ok', async () => {
    const t = await createTestApp()
    cleanup.push(() => t.close())
    for (const url of ['/healthz', '/readyz']) {
      const res = await t.app.inject(url)
      expect([url, res.statusCode, res.json()]).toMatchObject([
        url,
        200,
        { code: 200, msg: 'ok', data: { status: 'ok', database: t.db.dialect } },
      ])
    }
  })
})
