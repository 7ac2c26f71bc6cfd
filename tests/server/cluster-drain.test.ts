import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { loadConfig } from '#server/config'
import { issueTokens } from '#server/modules/auth/session-repository'
import { start, type Running } from '#server/start'

/*
 * Draining on SIGTERM (what main.ts calls `stop()` for): /readyz turns 503 at once while the
 * instance still serves for DRAIN_SECONDS, a request in flight when the listener closes still
 * gets its answer, and websockets close with 1001, which the client answers by reconnecting.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
let dataDir: string
let running: Running
let base: string

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-drain-'))
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ADMIN_PASSWORD: 'admin-drain-pass',
    DRAIN_SECONDS: '1',
    CLIENT_DIR: path.join(dataDir, 'client'),
  })
  running = await start(config, () => {})
  base = `http://127.0.0.1:${(running.app.server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await running.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** A POST whose body is sent in two parts: the request is in flight until `finish()`. */
function slowLogin() {
  const [head, rest] = ['{"username":"admin",', '"password":"admin-drain-pass"}']
  const length = String(Buffer.byteLength(head + rest))
  const req = http.request(`${base}/api/User/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': length },
  })
  let body = ''
  const answered = new Promise<{ status: number; code: number }>((resolve, reject) => {
    req.on('response', (res) => {
      res.on('data', (d: Buffer) => (body += d.toString()))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, code: (JSON.parse(body) as { code: number }).code }),
      )
    })
    req.on('error', reject)
  })
  req.write(head)
  return { answered, finish: () => req.end(rest) }
}

describe('draining', () => {
  it('answers 503 on /readyz, finishes in-flight requests and closes sockets with 1001', async () => {
    expect((await fetch(`${base}/readyz`)).status).toBe(200)
    const user = await running.db.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', 'admin')
      .executeTakeFirstOrThrow()
    const { Token } = await issueTokens(running.db.db, {
      userId: user.id,
      ip: '127.0.0.1',
      accessTtl: 600,
      refreshTtl: 3600,
    })
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`)
    const inbox: { type: string }[] = []
    ws.on('message', (d) => inbox.push(JSON.parse(d.toString()) as { type: string }))
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
    await new Promise<void>((r) => ws.on('open', () => r()))
    ws.send(JSON.stringify({ type: 'auth', token: Token }))
    for (const end = Date.now() + 5000; !inbox.some((m) => m.type === 'ready'); await sleep(10)) {
      if (Date.now() > end) throw new Error('no ready message')
    }

    const inFlight = slowLogin()
    await sleep(50)
    const stopped = running.stop()
    // draining: the balancer sees 503 on /readyz, other requests are still served
    expect((await fetch(`${base}/readyz`)).status).toBe(503)
    expect((await fetch(`${base}/healthz`)).status).toBe(200)
    // the listener closes after DRAIN_SECONDS; the request started before still gets its answer
    await new Promise<void>((resolve) => {
      const poll = () =>
        fetch(`${base}/healthz`).then(
          () => setTimeout(poll, 20),
          () => resolve(),
        )
      poll()
    })
    inFlight.finish()
    expect(await inFlight.answered).toEqual({ status: 200, code: 200 })
    expect(await closed).toBe(1001)
    await stopped
  })
})
