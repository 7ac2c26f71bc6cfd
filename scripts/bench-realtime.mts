// `npm run bench:realtime`: starts the app in-process on 127.0.0.1 (temp DATA_DIR, SQLite),
// connects 1,000 authenticated websocket clients over loopback, creates 20 notices through
// notify() 250 ms apart, and prints JSON figures: connect time, delivery latency (server
// send time -> client receive) and end-to-end latency (notify() call -> client receive).
// Clients and server share one process and event loop, so the figures include the clients'
// own work; exits by itself (hard stop after 110 s). BENCH_CLIENTS / BENCH_NOTICES override.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import WebSocket from 'ws'
import { buildApp } from '../src/server/app.ts'
import { loadConfig } from '../src/server/config.ts'
import { migrateToLatest } from '../src/server/db/migrate.ts'
import { openSqlite } from '../src/server/db/open.ts'
import { seedDatabase } from '../src/server/db/seed/seed.ts'
import { issueTokens } from '../src/server/modules/auth/session-repository.ts'

const clientCount = Math.min(Number(process.env.BENCH_CLIENTS ?? 1000), 5000)
const noticeCount = Math.min(Number(process.env.BENCH_NOTICES ?? 20), 200)
const spacingMs = 250
const connectConcurrency = 100

const hardStop = setTimeout(() => {
  console.error('bench:realtime did not finish within 110 s; stopping')
  process.exit(2)
}, 110_000)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b)
  const at = (p: number) =>
    s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN
  const round = (v: number) => Math.round(v * 100) / 100
  return {
    count: s.length,
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(s.at(-1) ?? NaN),
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-bench-rt-'))
const secret = () => randomBytes(12).toString('base64url')
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  ADMIN_PASSWORD: secret(),
  EDITOR_PASSWORD: secret(),
  STAFF_PASSWORD: secret(),
  CLIENT_DIR: path.join(dataDir, 'client'),
})
const db = await openSqlite(dataDir)
await migrateToLatest(db.db, db.dialect)
await seedDatabase(db, config, () => {})

// 1,000 shop-floor users with one session each, through the session repository (no scrypt)
const tokens = await db.db.transaction().execute(async (trx) => {
  const now = new Date().toISOString()
  const out: string[] = []
  for (let i = 0; i < clientCount; i += 200) {
    const rows = Array.from({ length: Math.min(200, clientCount - i) }, (_, k) => ({
      login_name: `bench-${String(i + k).padStart(5, '0')}`,
      real_name: '',
      nick_name: '',
      mobile: '',
      email: '',
      role: 'staff',
      department_id: null,
      ban: 0,
      avatar: '',
      password_hash: '!',
      must_change_password: 0,
      created_at: now,
    }))
    const ids = await trx.insertInto('users').values(rows).returning('id').execute()
    for (const { id } of ids) {
      out.push(
        (await issueTokens(trx, { userId: id, ip: '127.0.0.1', accessTtl: 3600, refreshTtl: 7200 }))
          .Token,
      )
    }
  }
  return out
})

const app = await buildApp({ config, db })
await app.listen({ host: '127.0.0.1', port: 0 })
const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`

type Received = { id: number; sentAt: number; at: number; atPerf: number }
const received: Received[] = []
const sockets: WebSocket[] = []
const connectMs: number[] = []
let failures = 0

function connect(token: string): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now()
    const ws = new WebSocket(url)
    let ready = false
    ws.on('error', () => {})
    ws.on('close', () => {
      if (ready) return
      failures++
      resolve()
    })
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })))
    ws.on('message', (data) => {
      const atPerf = performance.now()
      const at = Date.now()
      const m = JSON.parse(data.toString()) as {
        type: string
        notice?: { Id: number }
        sentAt?: number
      }
      if (m.type === 'ready') {
        ready = true
        connectMs.push(atPerf - started)
        sockets.push(ws)
        resolve()
      } else if (m.type === 'notice' && m.notice) {
        received.push({ id: m.notice.Id, sentAt: m.sentAt ?? at, at, atPerf })
      }
    })
  })
}

const connectStarted = performance.now()
let nextToken = 0
await Promise.all(
  Array.from({ length: connectConcurrency }, async () => {
    while (nextToken < tokens.length) await connect(tokens[nextToken++]!)
  }),
)
const connectAllMs = performance.now() - connectStarted

// 20 notices, 250 ms apart; every bench user (role staff) and the admin receive each one
const calledAt = new Map<number, number>()
const notifyMs: number[] = []
for (let i = 0; i < noticeCount; i++) {
  const t0 = performance.now()
  const e = await app.notify({
    type: 2,
    orderId: i + 1,
    orderNo: `BENCH-${i}`,
    msg: `压测通知 ${i}`,
    msgEn: `Bench notice ${i}`,
  })
  calledAt.set(e.notice.id, t0)
  notifyMs.push(performance.now() - t0)
  await sleep(spacingMs)
}
const expected = noticeCount * sockets.length
for (let waited = 0; received.length < expected && waited < 10_000; waited += 50) await sleep(50)

const result = {
  clients: { requested: clientCount, connected: sockets.length, failed: failures },
  connect: {
    allMs: Math.round(connectAllMs),
    concurrency: connectConcurrency,
    perClientMs: stats(connectMs),
  },
  notices: noticeCount,
  deliveries: { expected, received: received.length },
  deliveryLatencyMs: stats(received.map((r) => r.at - r.sentAt)),
  endToEndLatencyMs: stats(received.map((r) => r.atPerf - (calledAt.get(r.id) ?? r.atPerf))),
  notifyCallMs: stats(notifyMs),
  note: 'deliveryLatencyMs: server send time (sentAt, ms clock) to client receive; endToEndLatencyMs: notify() call (insert of ~1,000 recipient rows included) to client receive; clients share the server process',
}
console.log(JSON.stringify(result, null, 2))

for (const ws of sockets) ws.terminate()
await app.close()
await db.close()
fs.rmSync(dataDir, { recursive: true, force: true })
clearTimeout(hardStop)
process.exit(result.deliveries.received === expected && failures === 0 ? 0 : 1)
