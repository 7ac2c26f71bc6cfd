import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { start } from '#server/start'
import { loadConfig, redactSecrets } from '#server/config'
import { looksLikeAttack } from '#server/modules/system/attack'
import { hstsValue } from '#server/plugins/security'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let admin: string
let paths: string[]
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  admin = await signIn(t.app, 'admin')
  const spec = (await t.app.inject('/api/openapi.json')).json() as {
    paths: Record<string, unknown>
  }
  paths = Object.keys(spec.paths)
})
afterAll(() => t.close())

const auth = () => ({ authorization: `Bearer ${admin}`, lang: 'en' })
type Answer = { code: number; msg: string; data: unknown }

describe('attack scan (defect 1)', () => {
  it('still recognizes script, injection, traversal and JNDI text', () => {
    for (const text of [
      '<script>alert(1)</script>',
      '< / SCRIPT >',
      'javascript :alert(1)',
      '<img src=x onerror=alert(1)>',
      '1 UNION ALL SELECT password FROM users',
      "' or '1'='1",
      "admin' and x=1",
      'x; DROP TABLE users',
      '..\\..\\windows\\win.ini',
      '${ jndi:ldap://x}',
    ]) {
      expect(looksLikeAttack({ name: text }), text).toBe(true)
    }
    for (const text of ['Union Street', 'Hello <b>there</b>', "O'Brien or Smith", 'a.b/c']) {
      expect(looksLikeAttack({ name: text }), text).toBe(false)
    }
  })

  it('reads only a bounded prefix of each string and a bounded number of values', () => {
    expect(looksLikeAttack({ x: `<script>${'a'.repeat(10_000)}` })).toBe(true)
    // past the per-string prefix, and past the total budget of values: not read at all
    expect(looksLikeAttack({ x: `${'a'.repeat(10_000)}<script>` })).toBe(false)
    expect(
      looksLikeAttack(Array.from({ length: 5000 }, (_, i) => (i === 4999 ? '<script>' : 'a'))),
    ).toBe(false)
    // the pathological inputs of the old backtracking patterns: linear now, bounded work
    for (const s of [
      '<'.repeat(1_000_000),
      `<${' a'.repeat(300_000)}`,
      "'".repeat(500_000),
      ';'.repeat(500_000),
      'union '.repeat(100_000),
    ]) {
      expect(looksLikeAttack({ username: s, list: [s, s, s] })).toBe(false)
    }
  })
})

describe('multipart bodies (defect 11)', () => {
  const uploadPaths = () => paths.filter((p) => /\/Upload$/.test(p))

  it('lists the image upload and every grid import', () => {
    expect(uploadPaths()).toContain('/api/Upload')
    expect(uploadPaths()).toContain('/api/Order/Upload')
    expect(uploadPaths().length).toBeGreaterThan(5)
  })

  it('answers 400 with a message to a multipart body without boundary or cut short, on every upload route', async () => {
    const boundary = '----hostile'
    const bodies: { headers: Record<string, string>; payload: string | Buffer }[] = [
      { headers: { 'content-type': 'multipart/form-data' }, payload: 'whatever' },
      { headers: { 'content-type': 'multipart/form-data; boundary=' }, payload: '--\r\n' },
      {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\nPK\u0003\u0004abc`,
      },
      {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-da`,
      },
      { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: '' },
    ]
    for (const url of uploadPaths()) {
      for (const b of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...auth(), ...b.headers },
          payload: b.payload,
        })
        expect(
          res.statusCode,
          `${url} ${b.headers['content-type']} ${String(b.payload).slice(0, 30)}`,
        ).toBe(400)
        const body = res.json() as Answer
        expect(body.msg.length).toBeGreaterThan(3)
        expect(res.body).not.toMatch(/at .*\.(ts|js):\d+|node_modules|Error:/)
      }
    }
  })
})

describe('grid list sort (defect 11)', () => {
  it('refuses prototype names as sort fields on every list, never 500', async () => {
    const lists = paths.filter((p) => /\/GetList$/.test(p))
    expect(lists.length).toBeGreaterThan(5)
    for (const url of lists) {
      for (const sort of [
        'constructor',
        'toString',
        '__proto__',
        'hasOwnProperty desc',
        'valueOf',
        'prototype',
      ]) {
        const res = await t.app.inject({ method: 'POST', url, headers: auth(), payload: { sort } })
        expect(res.statusCode, `${url} ${sort}`).toBeLessThan(500)
      }
    }
  })
})

describe('grid list filters found by the fuzz suite', () => {
  it('answers a grid without an order link filtered by order (supplier forms), never 500', async () => {
    for (const payload of [
      { orderNo: 'x' },
      { orderId: 5 },
      { orderNo: 'constructor', sort: 'Id desc' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/SupplierForm/GetList',
        headers: auth(),
        payload,
      })
      expect(res.statusCode, JSON.stringify(payload)).toBe(200)
    }
  })
})

describe('configuration (defect 11)', () => {
  it('never prints the password of a bad DATABASE_URL', () => {
    for (const url of [
      'mysql://forge:S3cretPw@db:3306/x',
      'postgres://forge:S3cretPw@',
      'postgresql://forge:S3cretPw@/db',
    ]) {
      let message = ''
      try {
        loadConfig({ DATABASE_URL: url })
      } catch (e) {
        message = (e as Error).message
      }
      expect(message).toMatch(/DATABASE_URL/)
      expect(message).not.toContain('S3cretPw')
    }
    expect(redactSecrets('cannot reach postgres://u:hunter22@h/db', {})).toBe(
      'cannot reach postgres://u:***@h/db',
    )
    expect(
      redactSecrets('password hunter22 rejected', { DATABASE_URL: 'postgres://u:hunter22@h/db' }),
    ).toBe('password *** rejected')
  })

  it('never prints the password when PostgreSQL cannot be reached', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-redact-'))
    // an unreachable database is waited for, one line per attempt (db/open-retry.ts)
    const lines: string[] = []
    const errors = vi
      .spyOn(console, 'error')
      .mockImplementation((l: unknown) => void lines.push(String(l)))
    const stop = new AbortController()
    try {
      const config = loadConfig({
        DATABASE_URL: 'postgres://forge:S3cretPw@127.0.0.1:1/forgeline',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      })
      const started = start(config, (l) => void lines.push(l), stop.signal).then(
        () => new Error('started'),
        (e: unknown) => e as Error,
      )
      await expect.poll(() => lines.length, { timeout: 10_000 }).toBeGreaterThan(0)
      stop.abort()
      const failure = await started
      expect(failure.message).not.toBe('started')
      expect(lines.join('\n')).toContain('127.0.0.1:1')
      expect([...lines, failure.message].join('\n')).not.toContain('S3cretPw')
    } finally {
      errors.mockRestore()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('reads TRUST_PROXY as true/false, a hop count or a list of addresses and ranges', () => {
    const tp = (v: string) => loadConfig({ TRUST_PROXY: v }).trustProxy
    expect(tp('true')).toBe(true)
    expect(tp('false')).toBe(false)
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(tp('2')).toBe(2)
    expect(tp('10.0.0.1, 10.1.0.0/16,::1,fd00::/8')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
    ])
    for (const bad of ['maybe', '0', '10.0.0.300', '10.0.0.0/40', '10.0.0.1,nope', 'proxy.local']) {
      expect(() => tp(bad), bad).toThrow(/TRUST_PROXY/)
    }
  })

  it('reads REQUEST_TIMEOUT_SECONDS, never 0', () => {
    expect(loadConfig({}).requestTimeoutMs).toBeGreaterThan(0)
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '5' }).requestTimeoutMs).toBe(5000)
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/REQUEST_TIMEOUT_SECONDS/)
  })
})

describe('HSTS and trusted proxies (defect 11)', () => {
  const hsts = async (app: TestApp['app'], headers: Record<string, string>) =>
    (await app.inject({ url: '/healthz', headers, remoteAddress: '127.0.0.1' })).headers[
      'strict-transport-security'
    ]

  it('sends HSTS only for HTTPS requests as told by a trusted proxy', async () => {
    expect(await hsts(t.app, {})).toBeUndefined()
    // not trusted by default: a client cannot claim HTTPS
    expect(await hsts(t.app, { 'x-forwarded-proto': 'https' })).toBeUndefined()
    for (const trust of ['127.0.0.1', '127.0.0.0/8, 10.0.0.1', '1', 'true']) {
      const p = await createTestApp({ SEED_DEMO: 'false', TRUST_PROXY: trust })
      try {
        expect(await hsts(p.app, { 'x-forwarded-proto': 'https' }), trust).toBe(hstsValue)
        expect(await hsts(p.app, { 'x-forwarded-proto': 'http' }), trust).toBeUndefined()
      } finally {
        await p.close()
      }
    }
    const other = await createTestApp({ SEED_DEMO: 'false', TRUST_PROXY: '10.0.0.1' })
    try {
      expect(await hsts(other.app, { 'x-forwarded-proto': 'https' })).toBeUndefined()
    } finally {
      await other.close()
    }
  })

  it('takes the client address from X-Forwarded-For only through a trusted proxy', async () => {
    const p = await createTestApp({ SEED_DEMO: 'false', TRUST_PROXY: '127.0.0.1' })
    try {
      await p.app.inject({
        method: 'POST',
        url: '/api/User/Login',
        payload: { username: 'nobody', password: 'x' },
        headers: { 'x-forwarded-for': '203.0.113.9' },
        remoteAddress: '127.0.0.1',
      })
      await p.app.inject({
        method: 'POST',
        url: '/api/User/Login',
        payload: { username: 'nobody2', password: 'x' },
        headers: { 'x-forwarded-for': '203.0.113.9' },
        remoteAddress: '198.51.100.7',
      })
      const rows = await p.db.db
        .selectFrom('system_log')
        .select(['account', 'ip'])
        .where('operation', '=', 'login')
        .execute()
      expect(rows).toContainEqual({ account: 'nobody', ip: '203.0.113.9' })
      expect(rows).toContainEqual({ account: 'nobody2', ip: '198.51.100.7' })
    } finally {
      await p.close()
    }
  })
})

describe('register (defect 11)', () => {
  it('answers a taken name exactly like a free one, and limits each address over both paths', async () => {
    const r = await createTestApp({ SEED_DEMO: 'false', SMS_TEST_CODE: '246810' })
    try {
      let n = 0
      const reg = (url: string, username: string, ip = '192.0.2.1') =>
        r.app.inject({
          method: 'POST',
          url,
          payload: {
            username,
            password: 'long-enough-1',
            mobile: `1370000${String(200 + n++).padStart(4, '0')}`,
            code: '246810',
          },
          remoteAddress: ip,
          headers: { lang: 'en' },
        })
      const taken = await reg('/register', 'admin')
      const free = await reg('/api/register', 'fresh-user')
      expect(taken.statusCode).toBe(200)
      expect(taken.body).toBe(free.body)
      // the admin's password is untouched
      expect(
        (
          await r.app.inject({
            method: 'POST',
            url: '/api/User/Login',
            payload: { username: 'admin', password: 'long-enough-1' },
          })
        ).json(),
      ).toMatchObject({ code: 500 })
      const codes: number[] = []
      for (let i = 0; i < 10; i++)
        codes.push((await reg(i % 2 ? '/register' : '/api/register', `user-${i}`)).statusCode)
      expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(2)
      expect((await reg('/register', 'elsewhere', '192.0.2.2')).statusCode).toBe(200)
    } finally {
      await r.close()
    }
  })
})
