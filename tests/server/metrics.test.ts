import fs from 'node:fs'
import { once } from 'node:events'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { loadConfig } from '#server/config'
import { start, type Running } from '#server/start'
import { checkExposition, promtool } from './helpers/promtool.ts'
import { createPgDatabase, testPasswords } from './helpers/test-app.ts'

/*
 * The Prometheus endpoint. The real start-up (start.ts) with METRICS_PORT=0 (a free
 * port), on SQLite or on TEST_DATABASE_URL. Scrape, use the site (sign-ins, a refused guess
 * streak, a websocket that receives a notice, an export and an import), scrape again: every
 * figure moved. The public port does not answer /metrics.
 */

let running: Running
let base: string
let metricsUrl: string
let cleanup: (() => Promise<void> | void)[] = []
let backupDir: string
const newestBackup = 1_790_000_000

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-metrics-'))
  cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
  const pgDb = process.env.TEST_DATABASE_URL
    ? await createPgDatabase(process.env.TEST_DATABASE_URL)
    : undefined
  if (pgDb) cleanup.push(() => pgDb.drop())
  // the backup folder: an older archive, the newest complete one, one still being written
  backupDir = path.join(dataDir, 'backups')
  fs.mkdirSync(backupDir)
  const written = (name: string, seconds: number) => {
    fs.writeFileSync(path.join(backupDir, name), 'backup bytes')
    fs.utimesSync(path.join(backupDir, name), seconds, seconds)
  }
  written('2026-11-01-0200.tar.gz', newestBackup - 86_400)
  written('forgeline-2026-11-02.dump', newestBackup)
  written('2026-11-03-0200.tar.gz.partial', newestBackup + 3600)
  const config = loadConfig({
    BACKUP_DIR: backupDir,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    METRICS_PORT: '0',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: testPasswords.admin,
    EDITOR_PASSWORD: testPasswords.editor,
    STAFF_PASSWORD: testPasswords.staff,
    SEED_DEMO: 'false',
    CLIENT_DIR: path.join(dataDir, 'client'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  })
  running = await start(config, () => {})
  cleanup.unshift(() => running.stop())
  const address = running.app.server.address()
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  expect(running.metricsPort).toBeGreaterThan(0)
  metricsUrl = `http://127.0.0.1:${running.metricsPort}/metrics`
}, 60_000)

afterAll(async () => {
  for (const c of cleanup) await c()
  cleanup = []
}, 30_000)

/** The sum of the samples of `name` whose labels include `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0
  let found = false
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!m || m[1] !== name) continue
    const have = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]),
    )
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) {
      sum += Number(m[3])
      found = true
    }
  }
  if (!found) throw new Error(`no sample ${name} ${JSON.stringify(labels)}`)
  return sum
}

async function scrape() {
  const r = await fetch(metricsUrl)
  expect(r.status).toBe(200)
  expect(r.headers.get('content-type')).toContain('text/plain')
  return r.text()
}

const post = (p: string, body: unknown, token?: string) =>
  fetch(`${base}${p}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })

async function signIn(username: keyof typeof testPasswords) {
  const r = await post('/api/User/Login', { username, password: testPasswords[username] })
  const body = (await r.json()) as { code: number; data: { Token: string } }
  expect(body.code).toBe(200)
  return body.data.Token
}

describe('Prometheus metrics on METRICS_PORT', { timeout: 60_000 }, () => {
  it('moves request, database, websocket, notice, limit and import/export figures; Node figures are there', async () => {
    const before = await scrape()
    // Node's own figures (collectDefaultMetrics)
    expect(sample(before, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0)
    expect(sample(before, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000)
    expect(sample(before, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1_000_000)
    expect(sample(before, 'forgeline_db_connections', { state: 'max' })).toBeGreaterThanOrEqual(1)
    const queriesBefore = sample(before, 'forgeline_db_query_duration_seconds_count', {
      outcome: 'ok',
    })

    const admin = await signIn('admin')
    const staff = await signIn('staff')
    // an admin's websocket receives the notice of a new order
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws?lang=en`)
    const inbox: { type: string }[] = []
    ws.on('message', (d) => inbox.push(JSON.parse(d.toString()) as { type: string }))
    await once(ws, 'open')
    ws.send(JSON.stringify({ type: 'auth', token: admin }))
    for (let i = 0; i < 200 && !inbox.some((m) => m.type === 'ready'); i++)
      await new Promise((r) => setTimeout(r, 10))
    const during = await scrape()
    expect(sample(during, 'forgeline_websockets_open')).toBe(1)

    const saved = await post(
      '/api/PostData/PostCommon',
      {
        postUrl: 'SaveOrder',
        postData: {
          insertRecords: [
            {
              OrderNo: 'MET-1',
              Customer: 'Metrics Co',
              PartName: 'Flange',
              Quantity: 2,
              UnitPrice: 3,
            },
          ],
        },
      },
      staff,
    )
    expect(((await saved.json()) as { code: number }).code).toBe(200)
    for (let i = 0; i < 200 && !inbox.some((m) => m.type === 'notice'); i++)
      await new Promise((r) => setTimeout(r, 10))
    expect(inbox.some((m) => m.type === 'notice')).toBe(true)

    // an export, then the same file back as an import preview
    const exported = await post('/api/Order/Export', {}, staff)
    expect(exported.status).toBe(200)
    const file = Buffer.from(await exported.arrayBuffer())
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(file)]), 'orders.xlsx')
    const imported = await fetch(`${base}/api/Order/Upload?mode=preview`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${staff}` },
    })
    expect(imported.status).toBe(200)

    // wrong passwords until the limiter refuses (429)
    let refused = 0
    for (let i = 0; i < 12; i++)
      if (
        (await post('/api/User/Login', { username: 'nobody-here', password: `guess-${i}` }))
          .status === 429
      )
        refused++
    expect(refused).toBeGreaterThan(0)

    ws.close()
    await once(ws, 'close')
    const after = await scrape()
    // 2 sign-ins and 12 guesses (a wrong password is a 200 envelope until the limiter answers 429)
    const login = { method: 'POST', route: '/api/User/Login' }
    expect(sample(after, 'forgeline_http_requests_total', login)).toBe(14)
    expect(sample(after, 'forgeline_http_request_duration_seconds_count', login)).toBe(14)
    expect(sample(after, 'forgeline_http_requests_total', { ...login, status: '429' })).toBe(
      refused,
    )
    expect(
      sample(after, 'forgeline_http_requests_total', {
        method: 'POST',
        route: '/api/PostData/PostCommon',
        status: '200',
      }),
    ).toBe(1)
    expect(sample(after, 'forgeline_rate_limit_refusals_total', { kind: 'http' })).toBe(refused)
    expect(
      sample(after, 'forgeline_db_query_duration_seconds_count', { outcome: 'ok' }),
    ).toBeGreaterThan(queriesBefore)
    expect(sample(after, 'forgeline_notices_pushed_total')).toBeGreaterThanOrEqual(1)
    expect(
      sample(after, 'forgeline_grid_transfer_duration_seconds_count', {
        direction: 'export',
        grid: 'Order',
        outcome: 'ok',
      }),
    ).toBe(1)
    expect(
      sample(after, 'forgeline_grid_transfer_duration_seconds_count', {
        direction: 'import',
        grid: 'Order',
        outcome: 'ok',
      }),
    ).toBe(1)
    // the socket closed: the gauge went back down
    for (let i = 0; i < 100 && sample(await scrape(), 'forgeline_websockets_open') !== 0; i++)
      await new Promise((r) => setTimeout(r, 10))
    expect(sample(await scrape(), 'forgeline_websockets_open')).toBe(0)
  })

  it('passes promtool check metrics (gauges are not named like counters)', async () => {
    // a few answers first, so every labelled family has samples
    await fetch(`${base}/healthz`)
    await fetch(`${base}/products`)
    const text = await scrape()
    expect(checkExposition(text)).toEqual([])
    expect(text).not.toMatch(/^nodejs_active_handles_total/m)
    expect(sample(text, 'nodejs_active_handles')).toBeGreaterThan(0)
    const tool = promtool()
    if (tool) {
      const r = tool(['check', 'metrics'], text)
      expect(r.status, `promtool check metrics:\n${r.output}`).toBe(0)
    }
  })

  it('labels the pages of the web client by their route, and unknown paths as unmatched', async () => {
    const route = (r: string) => ({ method: 'GET', route: r })
    const count = (text: string, r: string) => {
      try {
        return sample(text, 'forgeline_http_requests_total', route(r))
      } catch {
        return 0
      }
    }
    const before = await scrape()
    const visits: [string, string][] = [
      ['/products?sort=3', '/products'],
      ['/prodetail?id=1', '/prodetail'],
      ['/news/detail?id=2', '/news/detail'],
      ['/news/', '/news'],
      ['/aboutus', '/aboutus'],
      ['/admin/lunbo', '/admin/lunbo'],
      ['/system/USER', '/system/user'],
      ['/login', '/login'],
      ['/no-such-page', 'unmatched'],
      ['/wp-login.php', 'unmatched'],
      ['/api/No/Such', 'unmatched'],
    ]
    for (const [url] of visits) await (await fetch(`${base}${url}`)).arrayBuffer()
    const after = await scrape()
    for (const [url, label] of visits.filter(([, l]) => l !== 'unmatched'))
      expect(count(after, label) - count(before, label), url).toBe(1)
    expect(count(after, 'unmatched') - count(before, 'unmatched')).toBe(3)
    // a page is not a label for any other method
    await (await fetch(`${base}/products`, { method: 'POST' })).arrayBuffer()
    const posted = await scrape()
    expect(
      sample(posted, 'forgeline_http_requests_total', { method: 'POST', route: 'unmatched' }),
    ).toBeGreaterThanOrEqual(1)
    expect(posted).not.toMatch(/forgeline_http_requests_total\{method="POST",route="\/products"/)
  })

  it('reports when the newest complete backup in BACKUP_DIR was written', async () => {
    expect(sample(await scrape(), 'forgeline_last_backup_timestamp_seconds')).toBe(newestBackup)
    const later = newestBackup + 7200
    fs.writeFileSync(path.join(backupDir, 'forgeline-2026-11-03.dump'), 'more bytes')
    fs.utimesSync(path.join(backupDir, 'forgeline-2026-11-03.dump'), later, later)
    expect(sample(await scrape(), 'forgeline_last_backup_timestamp_seconds')).toBe(later)
  })

  it('is not served on the public port, and answers only /metrics on its own', async () => {
    const pub = await fetch(`${base}/metrics`)
    expect(pub.status).not.toBe(200)
    expect(await pub.text()).not.toMatch(/forgeline_|# HELP/)
    expect((await fetch(metricsUrl.replace('/metrics', '/healthz'))).status).toBe(404)
  })

  it('is off when METRICS_PORT is unset, bound to loopback by default, and refuses the public port', () => {
    const env = { DATA_DIR: os.tmpdir() }
    expect(loadConfig(env).metrics).toBeNull()
    expect(loadConfig(env).backupDir).toBeNull()
    expect(loadConfig({ ...env, BACKUP_DIR: '/var/backups/forgeline' }).backupDir).toBe(
      '/var/backups/forgeline',
    )
    expect(loadConfig({ ...env, METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
    })
    expect(() => loadConfig({ ...env, PORT: '9464', METRICS_PORT: '9464' })).toThrow(
      /METRICS_PORT must differ from PORT/,
    )
  })
})
