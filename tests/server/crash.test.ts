import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manyCells, mergeBomb, sheetRows, workbook } from './helpers/hostile-workbooks.ts'

/*
 * Crash suite: a real server process on its own DATA_DIR, concurrent writers
 * (staff PostCommon saves and visitor messages), SIGKILL at random moments over many cycles.
 * Every acknowledged write must be there after the restart, the restart must need no hand
 * (stale lock, half migration) and reach /healthz within 10 s.
 */

const root = path.resolve(import.meta.dirname, '../..')
/**
 * The server compiled once (esbuild, the same sources, packages left to node_modules) so each
 * restart measures the server's own start-up, not tsx transpiling every module on a loaded
 * test machine. Inside the checkout so `better-sqlite3` and `pg` resolve.
 */
const bundle = path.join(root, '.tmp', `crash-server-${process.pid}`, 'main.mjs')
beforeAll(() => {
  const r = spawnSync(
    path.join(root, 'node_modules/.bin/esbuild'),
    [
      'main=src/server/main.ts',
      // the spreadsheet parse worker and its supervisor, beside main.mjs where the server looks for it
      'parse-worker=src/server/modules/grid-excel/parse-worker.ts',
      'parse-supervisor=src/server/modules/grid-excel/parse-supervisor.ts',
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--packages=external',
      `--outdir=${path.dirname(bundle)}`,
      '--out-extension:.js=.mjs',
      '--log-level=error',
    ],
    { cwd: root, encoding: 'utf8' },
  )
  if (r.status !== 0) throw new Error(`could not compile the server: ${r.stderr}`)
})
const cycles = 10
const restartLimitMs = 10_000
const adminPassword = 'crash-test-pass-1'
const children: ChildProcess[] = []
const dirs: string[] = []
afterAll(() => {
  children.forEach((c) => c.kill('SIGKILL'))
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }))
  fs.rmSync(path.dirname(bundle), { recursive: true, force: true })
})

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
  })
}

type Server = { child: ChildProcess; out: () => string; exited: Promise<void> }

/** The server as a node process of its own (no wrapper), so SIGKILL reaches the server itself. */
function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Server {
  let out = ''
  const child = spawn(process.execPath, [bundle], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: adminPassword,
      ...env,
    },
  })
  children.push(child)
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  return { child, out: () => out, exited }
}

async function kill(s: Server) {
  s.child.kill('SIGKILL')
  await s.exited
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Polls /healthz until it answers 200; returns how long that took from `since`. */
async function healthy(s: Server, port: number, since: number): Promise<number> {
  for (;;) {
    if (s.child.exitCode !== null) throw new Error(`server exited:\n${s.out()}`)
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`)
      if (res.status === 200) return Date.now() - since
    } catch {
      /* not listening yet */
    }
    if (Date.now() - since > 60_000) throw new Error(`no /healthz after 60 s:\n${s.out()}`)
    await sleep(50)
  }
}

async function api(port: number, pathName: string, body: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/${pathName}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
  return {
    status: res.status,
    body: (await res.json()) as { code: number; data: Record<string, unknown> },
  }
}

type Acked = { orders: Set<string>; messages: Set<number> }

/** Writers that run until `stop` is set; each write counts only once its answer says it is done. */
function writers(port: number, token: string, cycle: number, acked: Acked, stop: { now: boolean }) {
  const staff = (w: number) =>
    (async () => {
      for (let i = 0; !stop.now; i++) {
        const no = `C${cycle}-W${w}-${i}`
        const r = await api(
          port,
          'PostData/PostCommon',
          {
            postUrl: 'SaveOrder',
            postData: {
              insertRecords: [{ OrderNo: no, Customer: 'c', PartName: 'p', Quantity: 1 }],
            },
          },
          token,
        )
        if (r.status === 200 && r.body.code === 200) acked.orders.add(no)
      }
    })().catch(() => {})
  const visitor = (async () => {
    for (let i = 0; !stop.now; i++) {
      const postData = {
        Name: `Crash ${cycle}-${i}`,
        Phone: '13812345678',
        Message: `cycle ${cycle} message ${i}`,
      }
      const r = await api(port, 'PostData/PostFrontCommon', { postUrl: 'LeaveMessage', postData })
      if (r.status === 200 && r.body.code === 200) acked.messages.add(r.body.data.Id as number)
      // visitor messages are rate-limited per address: past the limit, just keep asking slowly
      if (r.status === 429) await sleep(100)
    }
  })().catch(() => {})
  return Promise.all([staff(1), staff(2), staff(3), visitor])
}

/** Reads what is in the database file (the server has it open; WAL lets us read alongside). */
function stored(dataDir: string): Acked {
  const file = new Database(path.join(dataDir, 'forgeline.db'), {
    readonly: true,
    fileMustExist: true,
  })
  try {
    const orders = file.prepare('select order_no from orders').all() as { order_no: string }[]
    const messages = file.prepare('select id from leaving').all() as { id: number }[]
    return {
      orders: new Set(orders.map((o) => o.order_no)),
      messages: new Set(messages.map((m) => m.id)),
    }
  } finally {
    file.close()
  }
}

const missing = <T>(want: Set<T>, have: Set<T>) => [...want].filter((x) => !have.has(x))

describe('crash suite: kill -9 under concurrent writes', () => {
  it(
    `keeps every acknowledged write over ${cycles} kill -9 cycles and restarts alone within 10 s`,
    { timeout: 240_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-crash-'))
      dirs.push(dataDir)
      const port = await freePort()
      const acked: Acked = { orders: new Set(), messages: new Set() }
      const restarts: number[] = []

      // cycle 0: killed at a random moment of its very first start (migrations, seed)
      const first = startServer(dataDir, port)
      await sleep(300 + Math.random() * 1500)
      await kill(first)

      for (let cycle = 1; cycle <= cycles; cycle++) {
        const startedAt = Date.now()
        const server = startServer(dataDir, port)
        const ms = await healthy(server, port, startedAt)
        restarts.push(ms)
        expect(ms, `restart ${cycle} reached /healthz in ${ms} ms`).toBeLessThan(restartLimitMs)

        // everything acknowledged before the last kill is there
        const have = stored(dataDir)
        expect(missing(acked.orders, have.orders)).toEqual([])
        expect(missing(acked.messages, have.messages)).toEqual([])

        const login = await api(port, 'User/Login', { username: 'admin', password: adminPassword })
        const token = login.body.data.Token as string
        expect(token).toBeTruthy()
        const before = acked.orders.size
        const stop = { now: false }
        const writing = writers(port, token, cycle, acked, stop)
        // kill at a random moment once some writes are through
        const deadline = Date.now() + 30_000
        while (acked.orders.size < before + 3) {
          if (Date.now() > deadline)
            throw new Error(`no write acknowledged in cycle ${cycle}:\n${server.out()}`)
          await sleep(10)
        }
        await sleep(Math.random() * 800)
        await kill(server)
        stop.now = true
        await writing
      }

      const last = startServer(dataDir, port)
      restarts.push(await healthy(last, port, Date.now()))
      const have = stored(dataDir)
      expect(missing(acked.orders, have.orders)).toEqual([])
      expect(missing(acked.messages, have.messages)).toEqual([])
      expect(acked.orders.size).toBeGreaterThanOrEqual(cycles * 3)
      await kill(last)
      console.log(
        `crash suite: ${cycles} kill -9 cycles, ${acked.orders.size} orders and ${acked.messages.size} messages acknowledged, all kept; ` +
          `restart to /healthz ${Math.min(...restarts)}-${Math.max(...restarts)} ms`,
      )
    },
  )

  it(
    'a kill inside a migration leaves no half-migrated database: the next start completes',
    { timeout: 120_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-crash-mig-'))
      dirs.push(dataDir)
      const port = await freePort()
      const paused = startServer(dataDir, port, { FORGELINE_TEST_PAUSE_MIGRATION: '0003-menu' })
      while (!paused.out().includes('migration 0003-menu paused')) {
        if (paused.child.exitCode !== null) throw new Error(paused.out())
        await sleep(50)
      }
      await kill(paused)
      // 0001 and 0002 were committed, 0003 was not: none of its tables, no bookkeeping row
      const file = new Database(path.join(dataDir, 'forgeline.db'), { readonly: true })
      const names = (
        file.prepare('select name from kysely_migration order by name').all() as { name: string }[]
      ).map((r) => r.name)
      const menuTable = file
        .prepare("select name from sqlite_master where type = 'table' and name = 'menu'")
        .get()
      file.close()
      expect(names).toEqual(['0001-init', '0002-wechat'])
      expect(menuTable).toBeUndefined()

      // SIGTERM inside the same migration: the handler is already there (installed before the
      // database opens) and stops the process; the migration is rolled back as a whole
      const termed = startServer(dataDir, port, { FORGELINE_TEST_PAUSE_MIGRATION: '0003-menu' })
      while (!termed.out().includes('migration 0003-menu paused')) {
        if (termed.child.exitCode !== null) throw new Error(termed.out())
        await sleep(50)
      }
      termed.child.kill('SIGTERM')
      await termed.exited
      expect(termed.out()).toContain('SIGTERM received during start-up, stopping')
      expect(termed.child.signalCode).toBeNull()

      const startedAt = Date.now()
      const next = startServer(dataDir, port)
      const ms = await healthy(next, port, startedAt)
      expect(ms).toBeLessThan(restartLimitMs)
      const login = await api(port, 'User/Login', { username: 'admin', password: adminPassword })
      expect(login.body.code).toBe(200)
      await kill(next)
    },
  )
})

describe('crash suite: hostile spreadsheets', () => {
  it(
    'a merge bomb, a validation bomb and a parse past its heap limit never take the server down',
    { timeout: 180_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-crash-xlsx-'))
      dirs.push(dataDir)
      const port = await freePort()
      const s = startServer(dataDir, port, { IMPORT_PARSE_HEAP_MB: '64' })
      await healthy(s, port, Date.now())
      const token = (await api(port, 'User/Login', { username: 'admin', password: adminPassword }))
        .body.data.Token as string
      const upload = async (file: Buffer) => {
        const form = new FormData()
        form.append('file', new Blob([new Uint8Array(file)]), 'rows.xlsx')
        const res = await fetch(`http://127.0.0.1:${port}/api/Order/Upload?mode=preview`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, lang: 'en' },
          body: form,
        })
        return { status: res.status, msg: ((await res.json()) as { msg: string }).msg }
      }
      const health = async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).status

      const [bomb, during] = await Promise.all([upload(mergeBomb()), health()])
      expect(bomb.status).toBe(400)
      expect(bomb.msg).toMatch(
        /merged cells or hyperlink ranges of the file cover more than 400000 cells/,
      )
      expect(during).toBe(200)
      const rows = sheetRows([['CRASH-X-1', 'Acme', 'Flange', 3]])
      const validation = await upload(
        workbook({
          rows,
          sheetAfter:
            '<dataValidations count="1"><dataValidation type="whole" sqref="A1:XFD1048576"><formula1>1</formula1></dataValidation></dataValidations>',
        }),
      )
      expect(validation.status, validation.msg).toBe(200)
      // 9,000 rows of 40 cells need about 130 MB of heap to parse: past 64 MB the parse process
      // aborts, the server answers and lives on
      const [heavy, meanwhile] = await Promise.all([upload(manyCells(9000, 40)), health()])
      expect(heavy).toEqual({
        status: 400,
        msg: 'Reading the file needs more memory than the server allows and was stopped: split it, or save it as a new .xlsx in Excel, and import again',
      })
      expect(meanwhile).toBe(200)
      expect(s.child.exitCode).toBeNull()
      expect(await health()).toBe(200)
      expect((await upload(workbook({ rows }))).status).toBe(200)
      await kill(s)
    },
  )
})
