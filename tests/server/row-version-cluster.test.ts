import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { buildApp } from '#server/app'
import { openPostgres, type Db } from '#server/db/open'
import { createTestApp, postgresForTests, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * Row versions across two instances of the app on one PostgreSQL database (DESIGN §11): the
 * compare-and-set is in SQL, so exactly one of parallel saves from one version wins whichever
 * instance takes it, and "record X is now version N" reaches the sockets of the other instance.
 */
type App = TestApp['app']
let t: TestApp
let dbB: Db
let appB: App
const tok: Record<string, string> = {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
async function until(check: () => boolean, ms = 20_000) {
  for (const end = Date.now() + ms; !check(); await sleep(10)) {
    if (Date.now() > end) throw new Error('timed out')
  }
}

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' }, { pgBase: postgresForTests() })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  dbB = await openPostgres(t.config.databaseUrl!)
  appB = await buildApp({ config: t.config, db: dbB })
  await appB.listen({ host: '127.0.0.1', port: 0 })
  for (const u of ['admin', 'editor', 'staff']) tok[u] = await signIn(t.app, u)
})
afterAll(async () => {
  await appB.close()
  await dbB.close()
  await t.close()
})

async function save(app: App, who: string, postUrl: string, postData: Record<string, unknown[]>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/PostData/PostCommon',
    headers: { authorization: `Bearer ${tok[who]}` },
    payload: { postUrl, postData },
  })
  return {
    status: res.statusCode,
    body: res.json() as { data: { versions?: { Id: number; RowVersion: number }[] } },
  }
}

async function socket(app: App, token: string) {
  const { port } = app.server.address() as AddressInfo
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`)
  const inbox: { type: string; recordType?: string; Id?: unknown; RowVersion?: number }[] = []
  ws.on('message', (d) => inbox.push(JSON.parse(d.toString()) as (typeof inbox)[number]))
  ws.on('error', () => {})
  await once(ws, 'open')
  ws.send(JSON.stringify({ type: 'auth', token }))
  await until(() => inbox.some((m) => m.type === 'ready'))
  return { ws, versions: () => inbox.filter((m) => m.type === 'version') }
}

async function newOrder(app: App) {
  const r = await save(app, 'admin', 'SaveOrder', {
    insertRecords: [{ OrderNo: `RVC-${Math.random()}`, Customer: 'C', PartName: 'P', Quantity: 1 }],
  })
  expect(r.status).toBe(200)
  return r.body.data.versions![0]!.Id
}

describe('two instances on one PostgreSQL', () => {
  it('20 saves of one field from one version, split over both instances: exactly one applies', async () => {
    const id = await newOrder(t.app)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        save(i % 2 ? appB : t.app, i % 3 ? 'staff' : 'admin', 'SaveOrder', {
          updateRecords: [{ Id: id, Remark: `r${i}`, RowVersion: 1 }],
        }),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19)
    const row = await t.db.db
      .selectFrom('orders')
      .select(['row_version', 'remark'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.row_version).toBe(2)
  })

  it('a save on A tells the sockets on B that may see the module: record X is now version N', async () => {
    const staffOnB = await socket(appB, tok.staff!)
    const editorOnB = await socket(appB, tok.editor!)
    try {
      const id = await newOrder(t.app)
      await until(() => staffOnB.versions().some((m) => m.Id === id))
      expect(staffOnB.versions().find((m) => m.Id === id)).toEqual({
        type: 'version',
        recordType: 'Order',
        Id: id,
        RowVersion: 1,
      })
      const r = await save(t.app, 'staff', 'SaveOrder', {
        updateRecords: [{ Id: id, Remark: 'x', RowVersion: 1 }],
      })
      expect(r.status).toBe(200)
      await until(() => staffOnB.versions().some((m) => m.Id === id && m.RowVersion === 2))
      // the editor (content only) is told about news, never about orders
      const news = await save(t.app, 'editor', 'SaveNews', {
        insertRecords: [{ Title: 'Versions', Body: 'b' }],
      })
      expect(news.status).toBe(200)
      const newsId = news.body.data.versions![0]!.Id
      await until(() => editorOnB.versions().some((m) => m.Id === newsId))
      expect(editorOnB.versions().map((m) => m.recordType)).toEqual(['News'])
    } finally {
      staffOnB.ws.close()
      editorOnB.ws.close()
    }
  })
})
