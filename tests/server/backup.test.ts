import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config'
import { start, type Running } from '#server/start'
import { testPasswords } from './helpers/test-app.ts'

/*
 * `npm run backup` while the server runs and writes, `npm run restore` into a new
 * DATA_DIR, and a server started on it holds every write acknowledged before the backup began,
 * the uploaded pictures and the RSA key pair. The commands run as an operator runs them (npm,
 * the compiled dist-server/backup.js and restore.js).
 */

const root = path.resolve(import.meta.dirname, '../..')
const dirs: string[] = []
const servers: Running[] = []
afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => {})
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
}, 30_000)

const tempDir = (name: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `forgeline-${name}-`))
  dirs.push(d)
  return d
}

/** `npm run <script> -- ...args` with DATA_DIR; resolves with its exit code and output. */
function npmRun(script: string, dataDir: string, args: string[]) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    }
    delete env.DATABASE_URL
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: root, env })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (out += d.toString()))
    child.on('exit', (code) => resolve({ code, out }))
  })
}

async function startOn(dataDir: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ADMIN_PASSWORD: testPasswords.admin,
    EDITOR_PASSWORD: testPasswords.editor,
    STAFF_PASSWORD: testPasswords.staff,
    CLIENT_DIR: path.join(dataDir, 'no-client'),
  })
  const running = await start(config, () => {})
  servers.push(running)
  const address = running.app.server.address()
  return {
    running,
    base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  }
}

async function call<T>(base: string, p: string, body: unknown, token?: string) {
  const r = await fetch(`${base}${p}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
  return (await r.json()) as { code: number; data: T }
}

const signIn = async (base: string, username: keyof typeof testPasswords) =>
  (
    await call<{ Token: string }>(base, '/api/User/Login', {
      username,
      password: testPasswords[username],
    })
  ).data.Token

describe('npm run backup / npm run restore (embedded database)', () => {
  it(
    'copies a database being written, with uploads and keys, into a DATA_DIR a server starts on',
    { timeout: 180_000 },
    async () => {
      const dataA = tempDir('backup-a')
      const a = await startOn(dataA)
      const editor = await signIn(a.base, 'editor')
      const staff = await signIn(a.base, 'staff')
      const png = await sharp({
        create: { width: 300, height: 200, channels: 3, background: '#284' },
      })
        .png()
        .toBuffer()
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'backup.png')
      const up = await fetch(`${a.base}/api/Upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${editor}` },
      })
      const upload = ((await up.json()) as { data: { url: string } }).data.url
      const picture = Buffer.from(await (await fetch(`${a.base}${upload}`)).arrayBuffer())
      const publicKey = (await (await fetch(`${a.base}/publicKey`)).json()) as {
        data: { publicKey: string }
      }

      // three writers save orders until told to stop; each acknowledged order number is kept
      const acknowledged: string[] = []
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
      let phase: 'fast' | 'paused' | 'slow' | 'stop' = 'fast'
      let busy = 0
      const save = async (orderNo: string) => {
        busy++
        const r = await call(
          a.base,
          '/api/PostData/PostCommon',
          {
            postUrl: 'SaveOrder',
            postData: {
              insertRecords: [
                {
                  OrderNo: orderNo,
                  Customer: 'Backup Co',
                  PartName: 'Flange',
                  Quantity: 1,
                  UnitPrice: 2,
                },
              ],
            },
          },
          staff,
        )
        busy--
        if (r.code === 200) acknowledged.push(orderNo)
      }
      const writer = async (w: number) => {
        for (let i = 0; phase !== 'stop'; i++) {
          if (phase === 'paused') await sleep(5)
          else await save(`BK-${w}-${i}`)
          // while the backup runs: one write each 50 ms per writer
          if (phase === 'slow') await sleep(50)
        }
      }
      const writers = [writer(1), writer(2), writer(3)]
      while (acknowledged.length < 30) await sleep(5)
      // the last writes before the backup sit in the WAL only (a copy of the database file alone
      // would miss them): an empty WAL, then ten writes
      phase = 'paused'
      while (busy > 0) await sleep(5)
      await sql`pragma wal_checkpoint(truncate)`.execute(a.running.db.db)
      for (let i = 0; i < 10; i++) await save(`BK-0-${i}`)
      phase = 'slow'

      const before = [...acknowledged]
      const archive = path.join(tempDir('backup-file'), 'forgeline.tar.gz')
      const backup = await npmRun('backup', dataA, [archive])
      const duringBackup = acknowledged.length - before.length
      phase = 'stop'
      await Promise.all(writers)
      expect(backup.code, backup.out).toBe(0)
      expect(backup.out).toContain(`Backup written to ${archive}`)
      // the server kept taking writes while the backup ran
      expect(duringBackup).toBeGreaterThan(0)

      // a backup is never written over an existing file
      expect((await npmRun('backup', dataA, [archive])).code).toBe(1)

      const dataB = path.join(tempDir('backup-b'), 'data')
      const restored = await npmRun('restore', dataB, [archive, '--into', dataB])
      expect(restored.code, restored.out).toBe(0)
      // a non-empty DATA_DIR is refused without --force
      const again = await npmRun('restore', dataB, [archive, '--into', dataB])
      expect(again.code).toBe(1)
      expect(again.out).toContain('is not empty')

      const b = await startOn(dataB)
      const rows = await b.running.db.db
        .selectFrom('orders')
        .select('order_no')
        .where('order_no', 'like', 'BK-%')
        .execute()
      const stored = new Set(rows.map((r) => r.order_no))
      expect(before.filter((n) => !stored.has(n))).toEqual([])
      // the restored server answers with the same accounts, key pair and pictures
      const orders = await call<{ total: number }>(
        b.base,
        '/api/Order/GetList',
        { pageIndex: 1, pageSize: 10, keyword: 'BK-' },
        await signIn(b.base, 'staff'),
      )
      expect(orders.code).toBe(200)
      expect(orders.data.total).toBe(stored.size)
      expect(
        ((await (await fetch(`${b.base}/publicKey`)).json()) as typeof publicKey).data.publicKey,
      ).toBe(publicKey.data.publicKey)
      const fromB = await fetch(`${b.base}${upload}`)
      expect(fromB.status).toBe(200)
      expect(Buffer.from(await fromB.arrayBuffer()).equals(picture)).toBe(true)
    },
  )

  it(
    'refuses an archive that is not a backup, and one that names files outside DATA_DIR',
    { timeout: 60_000 },
    async () => {
      const dir = tempDir('backup-bad')
      const notGzip = path.join(dir, 'x.tar.gz')
      fs.writeFileSync(notGzip, 'hello')
      const r = await npmRun('restore', path.join(dir, 'data'), [
        notGzip,
        '--into',
        path.join(dir, 'data'),
      ])
      expect(r.code).toBe(1)
      expect(r.out).toContain('could not be restored')
      expect(r.out).not.toMatch(/\n\s+at /)
      const { tarHeader } = await import('#server/maintenance/tar')
      const { gzipSync } = await import('node:zlib')
      const manifest = Buffer.from(
        '{"format":1,"createdAt":"x","database":"forgeline.db","files":[]}',
      )
      const pad = (b: Buffer) => Buffer.concat([b, Buffer.alloc((512 - (b.length % 512)) % 512)])
      const evil = Buffer.concat([
        tarHeader('forgeline-backup.json', manifest.length, 0o600, new Date()),
        pad(manifest),
        tarHeader('../escaped.txt', 1, 0o600, new Date()),
        pad(Buffer.from('x')),
        Buffer.alloc(1024),
      ])
      const evilFile = path.join(dir, 'evil.tar.gz')
      fs.writeFileSync(evilFile, gzipSync(evil))
      const e = await npmRun('restore', path.join(dir, 'data2'), [
        evilFile,
        '--into',
        path.join(dir, 'data2'),
      ])
      expect(e.code).toBe(1)
      expect(e.out).toContain('outside DATA_DIR')
      expect(fs.existsSync(path.join(dir, 'escaped.txt'))).toBe(false)
    },
  )
})
