import { constants, publicEncrypt } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { once } from 'node:events'
import tls from 'node:tls'
import pg from 'pg'
import sharp from 'sharp'
// fetch() through the balancer trusts the test's self-signed certificate (Node's fetch is undici)
import { Agent, setGlobalDispatcher } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import {
  root,
  startInstance,
  startProductionNginx,
  startPostgres,
  type Instance,
} from '../../scripts/cluster/cluster.mjs'

/*
 * two instances of the compiled server on one PostgreSQL database behind
 * a real nginx (round-robin, no sticky sessions). That nginx runs the shipped
 * production file, deploy/nginx.conf (TLS with a certificate made here, HTTP/2, caching of
 * /assets and /uploads), with only ports, certificate and folders substituted. Each instance has its own DATA_DIR, so
 * anything kept on one machine would show up as a failure on the other.
 * PostgreSQL: TEST_DATABASE_URL / TEST_PG_URL (a fresh database on it), else a throwaway
 * cluster from scripts/pg-temp.sh.
 */

const passwords = {
  admin: 'admin-cluster-pass-1',
  editor: 'editor-cluster-pass-1',
  staff: 'staff-cluster-pass-1',
}
type Body<T = unknown> = { code: number; msg: string; data: T }
type Tokens = { Token: string; RefreshToken: string }

let a: Instance
let b: Instance
let lb: Awaited<ReturnType<typeof startProductionNginx>>
let databaseUrl: string
let cleanup: (() => Promise<void> | void)[] = []

async function freshDatabase(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL ?? process.env.TEST_PG_URL
  if (!base) {
    const server = await startPostgres()
    cleanup.push(() => server.stop())
    return server.url
  }
  const name = `forgeline_cluster_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  cleanup.push(async () => {
    const c = new pg.Client({ connectionString: base })
    await c.connect()
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await c.end()
  })
  const url = new URL(base)
  url.pathname = `/${name}`
  return url.toString()
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
async function until(check: () => boolean, ms: number) {
  for (const end = Date.now() + ms; !check(); await sleep(10)) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`)
  }
}

async function call<T = unknown>(
  base: string,
  path: string,
  init: { body?: unknown; token?: string; method?: string; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await res.text()
  let body: Body<T> | undefined
  try {
    body = JSON.parse(text) as Body<T>
  } catch {
    body = undefined
  }
  return { status: res.status, body, headers: res.headers }
}

const signIn = async (base: string, username: keyof typeof passwords) => {
  const r = await call<Tokens>(base, '/api/User/Login', {
    body: { username, password: passwords[username] },
  })
  expect(r.body?.code, JSON.stringify(r.body)).toBe(200)
  return r.body!.data
}

beforeAll(async () => {
  // the test runs the compiled server, like production: build it when sources changed
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], {
    cwd: root,
    encoding: 'utf8',
  })
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`)
  databaseUrl = await freshDatabase()
  const env = {
    ADMIN_PASSWORD: passwords.admin,
    EDITOR_PASSWORD: passwords.editor,
    STAFF_PASSWORD: passwords.staff,
    LOG_LEVEL: 'error',
    SMS_TEST_CODE: '246810',
  }
  // both start together: one migrates and seeds, both agree on one RSA key pair
  ;[a, b] = await Promise.all([
    startInstance({ name: 'a', databaseUrl, env }),
    startInstance({ name: 'b', databaseUrl, env }),
  ])
  cleanup.push(
    () => void a.stop('SIGKILL'),
    () => void b.stop('SIGKILL'),
  )
  await Promise.all([a.ready(60_000), b.ready(60_000)])
  lb = await startProductionNginx({ ports: [a.port, b.port] })
  cleanup.push(() => lb.stop())
  setGlobalDispatcher(new Agent({ connect: { ca: lb.ca } }))
}, 90_000)

afterAll(async () => {
  for (const c of cleanup.reverse()) await c()
  cleanup = []
}, 30_000)

describe('two instances on one PostgreSQL behind nginx', { timeout: 60_000 }, () => {
  it('serves TLS with HTTP/2 on the production nginx file, redirects plain HTTP, and keeps /metrics private', async () => {
    // the certificate is verified against the test's own CA; ALPN offers h2
    const socket = tls.connect({
      host: '127.0.0.1',
      port: lb.port,
      ca: lb.ca,
      servername: 'localhost',
      ALPNProtocols: ['h2', 'http/1.1'],
    })
    await once(socket, 'secureConnect')
    expect(socket.authorized).toBe(true)
    expect(socket.alpnProtocol).toBe('h2')
    socket.end()
    const plain = await fetch(`${lb.httpUrl}/news?x=1`, { redirect: 'manual' })
    expect(plain.status).toBe(301)
    expect(plain.headers.get('location')).toBe('https://127.0.0.1/news?x=1')
    expect((await fetch(`${lb.url}/metrics`)).status).toBe(404)
    const home = await fetch(`${lb.url}/`)
    expect(home.status).toBe(200)
    expect(home.headers.get('strict-transport-security')).toContain('max-age=')
  })

  it('caches /assets and /uploads in nginx: the second request does not reach an instance', async () => {
    const html = await (await fetch(`${lb.url}/`)).text()
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0]
    expect(asset).toBeTruthy()
    for (const p of [asset!, '/uploads/demo/carousel-2.webp']) {
      const first = await fetch(`${lb.url}${p}`)
      expect(first.status, p).toBe(200)
      await first.arrayBuffer()
      const second = await fetch(`${lb.url}${p}`)
      expect(second.status).toBe(200)
      expect(second.headers.get('x-cache-status'), p).toBe('HIT')
    }
  })

  it('balances round-robin without sticky sessions and serves demo pictures from every instance', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await fetch(`${lb.url}/uploads/demo/carousel-1.webp`)).status).toBe(200)
    }
    for (const i of [a, b]) {
      const r = await fetch(`${i.url}/uploads/demo/carousel-1.webp`)
      expect(r.status, i.name).toBe(200)
      expect(r.headers.get('content-type')).toBe('image/webp')
    }
  })

  it('signs in on one instance, uses and refreshes the session on the other', async () => {
    const t = await signIn(a.url, 'staff')
    const me = await call<{ UserName?: string }>(b.url, '/api/User/Get', { token: t.Token })
    expect(me.body?.code).toBe(200)
    const refreshed = await call<Tokens>(
      b.url,
      `/api/User/RefreshToken?refreshToken=${encodeURIComponent(t.RefreshToken)}`,
    )
    expect(refreshed.body?.code).toBe(200)
    expect(refreshed.body!.data.Token).not.toBe(t.Token)
    expect(
      (await call(a.url, '/api/User/Get', { token: refreshed.body!.data.Token })).body?.code,
    ).toBe(200)
    // the old refresh token was used up on b: a refuses it too
    const reused = await call(
      a.url,
      `/api/User/RefreshToken?refreshToken=${encodeURIComponent(t.RefreshToken)}`,
    )
    expect(reused.body?.code).not.toBe(200)
    // and through the balancer, call after call
    const viaLb = await signIn(lb.url, 'admin')
    for (let i = 0; i < 4; i++)
      expect((await call(lb.url, '/api/User/Get', { token: viaLb.Token })).body?.code).toBe(200)
  })

  it('applies a write sent with one Idempotency-Key to both instances once', async () => {
    const t = await signIn(a.url, 'staff')
    const body = {
      postUrl: 'SaveOrder',
      postData: {
        insertRecords: [
          { OrderNo: 'CL-IDEM', Quantity: 2, UnitPrice: 3, Customer: 'c', PartName: 'p' },
        ],
      },
    }
    const headers = { 'idempotency-key': 'cluster-idem-key-1' }
    const first = await call(a.url, '/api/PostData/PostCommon', { token: t.Token, body, headers })
    const again = await call(b.url, '/api/PostData/PostCommon', { token: t.Token, body, headers })
    expect(first.body?.code).toBe(200)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    const c = new pg.Client({ connectionString: databaseUrl })
    await c.connect()
    try {
      expect((await c.query(`select 1 from orders where order_no = 'CL-IDEM'`)).rowCount).toBe(1)
    } finally {
      await c.end()
    }
  })

  it('accepts an RSA-encrypted sign-in made with the other instance’s public key', async () => {
    const keyOf = async (i: Instance) =>
      (await call<{ publicKey: string }>(i.url, '/publicKey')).body!.data.publicKey
    const key = await keyOf(a)
    expect(await keyOf(b)).toBe(key)
    const plain = Buffer.from(JSON.stringify({ username: 'editor', password: passwords.editor }))
    const blocks: Buffer[] = []
    for (let i = 0; i < plain.length; i += 117) {
      blocks.push(
        publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, plain.subarray(i, i + 117)),
      )
    }
    const r = await call<Tokens>(b.url, '/api/User/Login', {
      body: { param: Buffer.concat(blocks).toString('base64') },
    })
    expect(r.body?.code).toBe(200)
    expect(r.body!.data.Token).toBeTruthy()
  })

  it('limits 40 wrong passwords spread over both instances as if there were one', async () => {
    const codes: number[] = []
    for (let i = 0; i < 40; i++) {
      const r = await call((i % 2 ? b : a).url, '/api/User/Login', {
        body: { username: 'limited-user', password: `guess-${i}` },
      })
      codes.push(r.status)
    }
    // one instance allows 10 failures per account and address, then answers 429
    expect(codes.slice(0, 10).every((c) => c !== 429)).toBe(true)
    expect(codes.slice(10)).toEqual(Array(30).fill(429))
    // route limits too: 10 registrations an hour per address, wherever they land
    const reg: number[] = []
    for (let i = 0; i < 11; i++) {
      const r = await call((i % 2 ? b : a).url, '/register', {
        body: {
          username: `cluster-user-${i}`,
          password: 'cluster-user-pass',
          mobile: `1370000${String(300 + i).padStart(4, '0')}`,
          code: '246810',
        },
      })
      reg.push(r.status)
    }
    expect(reg.slice(0, 10)).toEqual(Array(10).fill(200))
    expect(reg[10]).toBe(429)
  })

  it('serves a picture uploaded through one instance from the other, with the same headers', async () => {
    const t = await signIn(a.url, 'editor')
    const png = await sharp({
      create: { width: 1000, height: 500, channels: 3, background: '#284' },
    })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cluster.png')
    const up = await fetch(`${a.url}/api/Upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${t.Token}` },
    })
    const body = (await up.json()) as Body<{ url: string; variants: { url: string }[] }>
    expect(body.code).toBe(200)
    const [fromA, fromB] = await Promise.all([
      fetch(`${a.url}${body.data.url}`),
      fetch(`${b.url}${body.data.url}`),
    ])
    expect(fromB.status).toBe(200)
    expect(fromB.headers.get('content-type')).toBe('image/png')
    expect(fromB.headers.get('x-content-type-options')).toBe('nosniff')
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=604800')
    expect(fromB.headers.get('etag')).toBe(fromA.headers.get('etag'))
    expect(
      Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer())),
    ).toBe(true)
    const again = await fetch(`${b.url}${body.data.url}`, {
      headers: { 'if-none-match': fromA.headers.get('etag')! },
    })
    expect(again.status).toBe(304)
    expect(body.data.variants.length).toBeGreaterThan(0)
    for (const v of body.data.variants) {
      const r = await fetch(`${b.url}${v.url}`)
      expect(r.status).toBe(200)
      expect(r.headers.get('content-type')).toBe('image/webp')
    }
  })

  it('delivers a notice created through one instance to websocket clients of the other and of the balancer', async () => {
    const staff = await signIn(lb.url, 'staff')
    const admin = await signIn(lb.url, 'admin')
    const client = async (base: string, token: string) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/ws?lang=en`, {
        ca: lb.ca,
      } as unknown as ConstructorParameters<typeof WebSocket>[1])
      const inbox: { type: string; notice?: { OrderNo?: string } }[] = []
      ws.on('message', (d) => inbox.push(JSON.parse(d.toString()) as (typeof inbox)[number]))
      ws.on('error', () => {})
      await once(ws, 'open')
      ws.send(JSON.stringify({ type: 'auth', token }))
      await until(() => inbox.some((m) => m.type === 'ready'), 5000)
      return { ws, inbox }
    }
    const onB = await client(b.url, admin.Token)
    const onLb = await client(lb.url, admin.Token)
    const orderNo = `CL-${Date.now()}`
    const saved = await call(a.url, '/api/PostData/PostCommon', {
      token: staff.Token,
      body: {
        postUrl: 'SaveOrder',
        postData: {
          insertRecords: [
            { OrderNo: orderNo, Quantity: 1, UnitPrice: 1, Customer: 'c', PartName: 'p' },
          ],
        },
      },
    })
    expect(saved.body?.code).toBe(200)
    const got = (c: typeof onB) =>
      c.inbox.some((m) => m.type === 'notice' && m.notice?.OrderNo === orderNo)
    await until(() => got(onB) && got(onLb), 2000)
    onB.ws.close()
    onLb.ws.close()
  })

  it('loses no acknowledged write when an instance is killed mid-use, and the next calls succeed', async () => {
    const staff = await signIn(lb.url, 'staff')
    const acknowledged: string[] = []
    let killed = false
    const writer = async (w: number) => {
      for (let i = 0; i < 15; i++) {
        const orderNo = `KILL-${w}-${i}`
        const r = await call(lb.url, '/api/PostData/PostCommon', {
          token: staff.Token,
          body: {
            postUrl: 'SaveOrder',
            postData: {
              insertRecords: [
                { OrderNo: orderNo, Quantity: 1, UnitPrice: 1, Customer: 'c', PartName: 'p' },
              ],
            },
          },
        }).catch(() => undefined)
        if (r?.body?.code === 200) acknowledged.push(orderNo)
        if (!killed && acknowledged.length >= 8) {
          killed = true
          void a.stop('SIGKILL')
        }
      }
    }
    await Promise.all([writer(1), writer(2), writer(3)])
    expect(killed).toBe(true)
    expect(await a.exited).toBe('SIGKILL')
    // every acknowledged write is in the database
    const c = new pg.Client({ connectionString: databaseUrl })
    await c.connect()
    try {
      const rows = await c.query<{ order_no: string }>(
        `select order_no from orders where order_no like 'KILL-%'`,
      )
      const stored = new Set(rows.rows.map((r) => r.order_no))
      expect(acknowledged.filter((n) => !stored.has(n))).toEqual([])
    } finally {
      await c.end()
    }
    // the balancer sends the next calls to the instance that is left
    for (let i = 0; i < 6; i++) {
      expect((await call(lb.url, '/api/User/Get', { token: staff.Token })).body?.code).toBe(200)
      const w = await call(lb.url, '/api/PostData/PostCommon', {
        token: staff.Token,
        body: {
          postUrl: 'SaveOrder',
          postData: {
            insertRecords: [
              { OrderNo: `AFTER-${i}`, Quantity: 1, UnitPrice: 1, Customer: 'c', PartName: 'p' },
            ],
          },
        },
      })
      expect(w.body?.code).toBe(200)
    }
  })
})
