import fs from 'node:fs'
import os from 'node:os'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig, type Config } from '#server/config'
import { openSqlite } from '#server/db/open'
import { createNotice } from '#server/modules/notices/notify'
import { start, type Running } from '#server/start'
import { desktop, openBrowser, type Browser } from './helpers/browser.ts'
import { root } from './helpers/server.ts'
import { badge, showHeaderTools, signInAs } from './helpers/staff.ts'

/*
 * The real server runs in this process here, so the test can create notices the way server
 * modules do (`app.notify`) and stop and restart it on the same port and data directory.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-e2e-live-'))
let config: Config
let running: Running | undefined
let b: Browser | undefined

afterAll(async () => {
  await b?.close()
  await running?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('notices in real time', () => {
  it('a new notice is pushed to the badge; after a server restart the client reconnects and shows what it missed', async () => {
    config = loadConfig({
      HOST: '127.0.0.1',
      // port 0: the system picks a free port as the server binds it; the restart reuses it
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: 'e2e-admin-pass',
      CLIENT_DIR: path.join(root, 'dist'),
    })
    running = await start(config, () => {})
    config = { ...config, port: (running.app.server.address() as AddressInfo).port }
    const baseURL = `http://127.0.0.1:${config.port}`
    b = await openBrowser(desktop)
    const { page } = b
    await showHeaderTools(b)
    const sockets: string[] = []
    const frames: string[] = []
    page.on('websocket', (ws) => {
      sockets.push(ws.url())
      ws.on('framereceived', (f) => frames.push(String(f.payload)))
    })
    await signInAs(b, baseURL, '/admin/index')
    await expect.poll(() => badge(page)).toBeGreaterThan(0)
    const before = await badge(page)
    await expect.poll(() => sockets.length).toBe(1)

    // pushed: no reload, no polling
    await running.app.notify({
      type: 2,
      orderId: 4242,
      orderNo: 'SO-LIVE-1',
      msg: '实时通知测试',
      msgEn: 'Live notice test',
    })
    await expect
      .poll(() => frames.filter((f) => f.includes('SO-LIVE-1')).length, { timeout: 20_000 })
      .toBe(1)
    await expect.poll(() => badge(page), { timeout: 20_000 }).toBe(before + 1)

    // server down: a notice is written while no instance is running
    await running.stop()
    running = undefined
    const db = await openSqlite(dataDir)
    await createNotice(db.db, {
      type: 3,
      orderId: 4343,
      orderNo: 'SO-LIVE-2',
      msg: '停机期间的通知',
    })
    await db.close()
    running = await start(config, () => {})

    // the client reconnects on its own (8 s after the close) and refetches what it missed
    await expect.poll(() => badge(page), { timeout: 20_000 }).toBe(before + 2)
    expect(sockets.length).toBeGreaterThanOrEqual(2)
    await page.getByTestId('notice-bell').click()
    await expect
      .poll(() => page.getByTestId('notice-panel').textContent())
      .toContain('停机期间的通知')
  })
})
