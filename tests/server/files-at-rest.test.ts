import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config'
import { start, type Running } from '#server/start'
import { testPasswords } from './helpers/test-app.ts'

/*
 * Files at rest are private whatever the umask the server starts with (`npm start`, a shell with
 * umask 022): DATA_DIR 0700; the database, its -wal and -shm and uploads 0600; and a database an
 * earlier run left 0644 is closed on start.
 */

let dir = ''
let running: Running | undefined
let savedUmask = 0
beforeAll(() => {
  savedUmask = process.umask(0o022)
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-at-rest-'))
})
afterAll(async () => {
  await running?.stop().catch(() => {})
  process.umask(savedUmask)
  fs.rmSync(dir, { recursive: true, force: true })
})

const mode = (p: string) => fs.statSync(p).mode & 0o777

describe('files at rest', () => {
  it('a server started with umask 022 keeps DATA_DIR, the database files and uploads private', async () => {
    const dataDir = path.join(dir, 'data')
    // what an earlier run under umask 022 left: a readable folder and database
    fs.mkdirSync(dataDir, { mode: 0o755 })
    fs.chmodSync(dataDir, 0o755)
    const old = new SQLite(path.join(dataDir, 'forgeline.db'))
    old.close()
    fs.chmodSync(path.join(dataDir, 'forgeline.db'), 0o644)
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: testPasswords.admin,
      EDITOR_PASSWORD: testPasswords.editor,
      STAFF_PASSWORD: testPasswords.staff,
      CLIENT_DIR: path.join(dir, 'no-client'),
    })
    running = await start(config, () => {})
    const address = running.app.server.address()
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    const login = await fetch(`${base}/api/User/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'editor', password: testPasswords.editor }),
    })
    const token = ((await login.json()) as { data: { Token: string } }).data.Token
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#345' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png')
    const up = await fetch(`${base}/api/Upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(up.status).toBe(200)

    expect(mode(dataDir)).toBe(0o700)
    for (const f of ['forgeline.db', 'forgeline.db-wal', 'forgeline.db-shm'])
      expect(mode(path.join(dataDir, f)), f).toBe(0o600)
    const uploads = path.join(dataDir, 'uploads')
    const entries = fs.readdirSync(uploads, { recursive: true }) as string[]
    expect(
      entries.filter((e) => fs.statSync(path.join(uploads, e)).isFile()).length,
    ).toBeGreaterThan(0)
    for (const e of entries) {
      const p = path.join(uploads, e)
      expect(mode(p), e).toBe(fs.statSync(p).isDirectory() ? 0o700 : 0o600)
    }
  })
})
