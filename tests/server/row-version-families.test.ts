import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { RowConflict } from '#shared/contract/row-version'
import { post } from './helpers/system-calls.ts'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * Row versions of content (news, the contact record) and system settings (departments, roles):
 * the same decisions as the order grids, through the saves whose history `tracked.ts` keeps.
 * Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let t: TestApp
const tok: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp()
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  for (const u of ['admin', 'editor', 'staff']) tok[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type Answer = {
  versions?: { Id: number | string; RowVersion: number }[]
  merged?: (number | string)[]
  conflicts: RowConflict[]
}
const save = (who: string, postUrl: string, postData: Record<string, unknown[]>, lang = 'zh') =>
  post<Answer>(t, tok[who], 'PostData/PostCommon', { postUrl, postData }, lang)

/** One family: how to make a record, read it back, and the two fields two people edit. */
type Family = {
  name: string
  who: [string, string]
  postUrl: string
  make(): Promise<number | string>
  read(key: number | string): Promise<Record<string, unknown> | undefined>
  key: 'Id' | 'Code'
  a: [string, unknown, unknown]
  b: [string, unknown]
  deletable: boolean
}

const newsRow = async (id: number | string) =>
  (
    await post<{ result: Record<string, unknown>[] }>(t, tok.editor, 'News/GetAdminList', {
      pageSize: 100,
    })
  ).data.result.find((r) => r.Id === id)
const deptRow = async (id: number | string) =>
  (
    await post<{ result: Record<string, unknown>[] }>(t, tok.admin, 'Department/GetList', {})
  ).data.result.find((r) => r.Id === id)
const roleRow = async (code: number | string) =>
  (
    await post<{ result: Record<string, unknown>[] }>(t, tok.admin, 'Role/GetList', {})
  ).data.result.find((r) => r.Code === code)

let serial = 0
const families: Family[] = [
  {
    name: 'content (news)',
    who: ['editor', 'admin'],
    postUrl: 'SaveNews',
    key: 'Id',
    async make() {
      const r = await save('editor', 'SaveNews', {
        insertRecords: [{ Title: `News ${++serial}`, Summary: 's0', Body: 'b' }],
      })
      expect(r.status, JSON.stringify(r)).toBe(200)
      return r.data.versions![0]!.Id
    },
    read: newsRow,
    a: ['Title', 'office title', 'floor title'],
    b: ['Summary', 'floor summary'],
    deletable: true,
  },
  {
    name: 'system (department)',
    who: ['admin', 'admin'],
    postUrl: 'SaveDepartment',
    key: 'Id',
    async make() {
      const r = await save('admin', 'SaveDepartment', {
        insertRecords: [{ Name: `Dept ${++serial}`, ParentId: null, Sort: 1 }],
      })
      expect(r.status, JSON.stringify(r)).toBe(200)
      return r.data.versions![0]!.Id
    },
    read: deptRow,
    a: ['Name', 'office name', 'floor name'],
    b: ['Sort', 7],
    deletable: true,
  },
  {
    name: 'system (role)',
    who: ['admin', 'admin'],
    postUrl: 'SaveRole',
    key: 'Code',
    async make() {
      const Code = `rv${++serial}`
      const r = await save('admin', 'SaveRole', {
        insertRecords: [
          {
            Code,
            Name: `Role ${serial}`,
            NameEn: `Role ${serial}`,
            Abilities: [],
            Permissions: [],
            MenuIds: [],
          },
        ],
      })
      expect(r.status, JSON.stringify(r)).toBe(200)
      return Code
    },
    read: roleRow,
    a: ['Name', 'office role', 'floor role'],
    b: ['NameEn', 'Floor role'],
    deletable: true,
  },
]

describe.each(families)('$name', (f) => {
  const rec = (key: number | string, fields: Record<string, unknown>, version?: number) => ({
    [f.key]: key,
    ...fields,
    ...(version !== undefined ? { RowVersion: version } : {}),
  })
  const [one, two] = f.who

  it('lists RowVersion; a save from the current version applies and answers the next one', async () => {
    const key = await f.make()
    expect((await f.read(key))?.RowVersion).toBe(1)
    const r = await save(one, f.postUrl, { updateRecords: [rec(key, { [f.a[0]]: f.a[1] }, 1)] })
    expect(r.status, JSON.stringify(r)).toBe(200)
    expect(r.data.versions).toEqual([{ Id: key, RowVersion: 2 }])
    expect(await f.read(key)).toMatchObject({ [f.a[0]]: f.a[1], RowVersion: 2 })
  })

  it('merges a stale save of another field; refuses one of the same field with 409', async () => {
    const key = await f.make()
    await save(one, f.postUrl, { updateRecords: [rec(key, { [f.a[0]]: f.a[1] }, 1)] })
    const merged = await save(two, f.postUrl, {
      updateRecords: [rec(key, { [f.b[0]]: f.b[1] }, 1)],
    })
    expect(merged.status, JSON.stringify(merged)).toBe(200)
    expect(merged.data.merged).toEqual([key])
    expect(await f.read(key)).toMatchObject({ [f.a[0]]: f.a[1], [f.b[0]]: f.b[1] })
    const clash = await save(
      two,
      f.postUrl,
      { updateRecords: [rec(key, { [f.a[0]]: f.a[2] }, 1)] },
      'en',
    )
    expect(clash.status).toBe(409)
    expect(clash.data.conflicts).toEqual([
      expect.objectContaining({
        Id: key,
        field: f.a[0],
        current: f.a[1],
        mine: f.a[2],
        currentBy: one,
        currentVersion: 3,
      }),
    ])
    expect(clash.errors![`postData.updateRecords.0.${f.a[0]}`]).toMatch(/^changed by /)
    expect(await f.read(key)).toMatchObject({ [f.a[0]]: f.a[1], RowVersion: 3 })
  })

  it('refuses a stale delete, and an update of a record deleted since', async () => {
    const key = await f.make()
    await save(one, f.postUrl, { updateRecords: [rec(key, { [f.a[0]]: f.a[1] }, 1)] })
    const stale = await save(two, f.postUrl, { removeRecords: [rec(key, {}, 1)] })
    expect(stale.status).toBe(409)
    expect(stale.data.conflicts[0]).toMatchObject({ Id: key, field: f.a[0], mine: null })
    expect(await f.read(key)).toBeDefined()
    const gone = await save(one, f.postUrl, { removeRecords: [rec(key, {}, 2)] })
    expect(gone.status, JSON.stringify(gone)).toBe(200)
    const late = await save(two, f.postUrl, { updateRecords: [rec(key, { [f.b[0]]: f.b[1] }, 2)] })
    expect(late.status).toBe(409)
    expect(late.data.conflicts).toEqual([
      expect.objectContaining({ Id: key, field: 'Id', deleted: true, currentBy: one }),
    ])
  })

  it('without RowVersion the last write wins, as before', async () => {
    const key = await f.make()
    await save(one, f.postUrl, { updateRecords: [rec(key, { [f.a[0]]: f.a[1] })] })
    const r = await save(two, f.postUrl, { updateRecords: [rec(key, { [f.a[0]]: f.a[2] })] })
    expect(r.status).toBe(200)
    expect(await f.read(key)).toMatchObject({ [f.a[0]]: f.a[2], RowVersion: 3 })
  })
})

describe('the contact record (one record, no Id)', () => {
  it('is versioned like the others', async () => {
    const v = (await post<{ RowVersion: number }>(t, tok.editor, 'Contact/GetAdmin', {})).data
      .RowVersion
    const ok = await save('editor', 'SaveContact', {
      updateRecords: [{ Company: 'Office Co', RowVersion: v }],
    })
    expect(ok.status, JSON.stringify(ok)).toBe(200)
    const clash = await save('admin', 'SaveContact', {
      updateRecords: [{ Company: 'Floor Co', RowVersion: v }],
    })
    expect(clash.status).toBe(409)
    expect(clash.data.conflicts[0]).toMatchObject({ Id: 1, field: 'Company', current: 'Office Co' })
  })
})

describe('realtime on one instance', () => {
  it('tells the signed-in staff sockets "record X is now version N", with no field values', async () => {
    const { port } = t.app.server.address() as AddressInfo
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`)
    const inbox: Record<string, unknown>[] = []
    ws.on('message', (d) => inbox.push(JSON.parse(d.toString()) as Record<string, unknown>))
    await once(ws, 'open')
    ws.send(JSON.stringify({ type: 'auth', token: tok.staff }))
    const until = async (check: () => boolean) => {
      for (const end = Date.now() + 20_000; !check(); await new Promise((r) => setTimeout(r, 10)))
        if (Date.now() > end) throw new Error('timed out')
    }
    try {
      await until(() => inbox.some((m) => m.type === 'ready'))
      const made = await save('admin', 'SaveOrder', {
        insertRecords: [{ OrderNo: 'RV-WS-1', Customer: 'C', PartName: 'P', Quantity: 1 }],
      })
      const id = made.data.versions![0]!.Id
      await save('admin', 'SaveOrder', { updateRecords: [{ Id: id, Remark: 'x', RowVersion: 1 }] })
      await until(() => inbox.some((m) => m.type === 'version' && m.RowVersion === 2))
      expect(inbox.filter((m) => m.type === 'version')).toEqual([
        { type: 'version', recordType: 'Order', Id: id, RowVersion: 1 },
        { type: 'version', recordType: 'Order', Id: id, RowVersion: 2 },
      ])
    } finally {
      ws.close()
    }
  })
})
