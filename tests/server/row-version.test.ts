import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { conflictEnvelope, type RowConflict } from '#shared/contract/row-version'
import { post } from './helpers/system-calls.ts'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * Two people, one record (DESIGN §11): an update or delete carrying the `RowVersion` its edit
 * started from is compare-and-set in SQL; a stale one merges when it touches other fields only
 * and answers 409 with `data.conflicts` when it touches a field changed since. Runs on SQLite and,
 * with TEST_DATABASE_URL, on PostgreSQL.
 */
let t: TestApp
const tok: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp()
  for (const u of ['admin', 'editor', 'staff']) tok[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type Saved = {
  inserted: number
  updated: number
  removed: number
  merged?: (number | string)[]
  versions?: { Id: number | string; RowVersion: number }[]
}
type Clash = { conflicts: RowConflict[] }
const save = (who: string, postUrl: string, postData: Record<string, unknown[]>, lang = 'zh') =>
  post<Saved & Clash>(t, tok[who], 'PostData/PostCommon', { postUrl, postData }, lang)

const getOrder = async (who: string, id: number) =>
  (await post<Record<string, unknown>>(t, tok[who], 'Order/Get', { id })).data

async function newOrder(fields: Record<string, unknown> = {}) {
  const r = await save('admin', 'SaveOrder', {
    insertRecords: [
      {
        OrderNo: `RV-${Math.random()}`,
        Customer: 'Acme',
        PartName: 'Gear',
        Quantity: 10,
        UnitPrice: 5,
        ...fields,
      },
    ],
  })
  expect(r.status, JSON.stringify(r)).toBe(200)
  const v = r.data.versions![0]!
  expect(v.RowVersion).toBe(1)
  return v.Id as number
}

describe('order grid: version decisions', () => {
  it('a new row is version 1 in Get and GetList; a save from that version applies and answers version 2', async () => {
    const id = await newOrder()
    expect((await getOrder('admin', id)).RowVersion).toBe(1)
    const list = await post<{ result: Record<string, unknown>[] }>(t, tok.admin, 'Order/GetList', {
      pageSize: 1000,
    })
    expect(list.data.result.find((r) => r.Id === id)?.RowVersion).toBe(1)
    const r = await save('staff', 'SaveOrder', {
      updateRecords: [{ Id: id, Remark: 'Friday', RowVersion: 1 }],
    })
    expect(r.status).toBe(200)
    expect(r.data).toMatchObject({ updated: 1, versions: [{ Id: id, RowVersion: 2 }] })
    expect(r.data.merged).toBeUndefined()
    expect(await getOrder('admin', id)).toMatchObject({ Remark: 'Friday', RowVersion: 2 })
    // the history row stores the version it produced
    const h = await t.db.db
      .selectFrom('record_history')
      .select(['row_version', 'action'])
      .where('record_type', '=', 'Order')
      .where('record_id', '=', String(id))
      .orderBy('id')
      .execute()
    expect(h.map((x) => [x.action, x.row_version])).toEqual([
      ['create', 1],
      ['update', 2],
    ])
  })

  it('a stale save of another field merges: both changes kept, the answer lists it as merged', async () => {
    const id = await newOrder()
    await save('admin', 'SaveOrder', {
      updateRecords: [{ Id: id, Remark: 'office', RowVersion: 1 }],
    })
    const r = await save('staff', 'SaveOrder', {
      updateRecords: [{ Id: id, Quantity: 12, RowVersion: 1 }],
    })
    expect(r.status, JSON.stringify(r)).toBe(200)
    expect(r.data.merged).toEqual([id])
    expect(r.data.versions).toEqual([{ Id: id, RowVersion: 3 }])
    expect(await getOrder('admin', id)).toMatchObject({ Remark: 'office', Quantity: 12 })
  })

  it('a stale save that repeats a changed field unchanged keeps the other person value', async () => {
    const id = await newOrder({ Remark: 'start' })
    await save('admin', 'SaveOrder', {
      updateRecords: [{ Id: id, Remark: 'office', RowVersion: 1 }],
    })
    // a card form sends every field: Remark as it was when the edit started
    const r = await save('staff', 'SaveOrder', {
      updateRecords: [{ Id: id, Remark: 'start', Quantity: 7, RowVersion: 1 }],
    })
    expect(r.status, JSON.stringify(r)).toBe(200)
    expect(await getOrder('admin', id)).toMatchObject({ Remark: 'office', Quantity: 7 })
  })

  it('a stale save of the same field is a 409 with data.conflicts and field errors; nothing of the call is saved', async () => {
    const id = await newOrder({ Remark: 'start' })
    const other = await newOrder()
    await save('admin', 'SaveOrder', {
      updateRecords: [{ Id: id, Remark: 'office', RowVersion: 1 }],
    })
    for (const lang of ['zh', 'en']) {
      const r = await save(
        'staff',
        'SaveOrder',
        {
          updateRecords: [
            { Id: other, Remark: 'fine', RowVersion: 1 },
            { Id: id, Remark: 'floor', RowVersion: 1 },
          ],
        },
        lang,
      )
      expect(r.status).toBe(409)
      expect(r.code).toBe(409)
      expect(conflictEnvelope.safeParse(r).success).toBe(true)
      expect(r.data.conflicts).toEqual([
        {
          Id: id,
          field: 'Remark',
          base: 'start',
          current: 'office',
          currentBy: 'admin',
          currentAt: expect.any(String),
          mine: 'floor',
          currentVersion: 2,
        },
      ])
      const text = r.errors!['postData.updateRecords.1.Remark']!
      expect(text).toMatch(lang === 'en' ? /^changed by admin at / : /^已被 admin 于 .* 修改$/)
    }
    // the first record of the refused call was not saved either
    expect(await getOrder('admin', other)).toMatchObject({ Remark: '', RowVersion: 1 })
    expect(await getOrder('admin', id)).toMatchObject({ Remark: 'office', RowVersion: 2 })
    // "Keep mine": saved again from the current version
    const again = await save('staff', 'SaveOrder', {
      updateRecords: [{ Id: id, Remark: 'floor', RowVersion: 2 }],
    })
    expect(again.status).toBe(200)
    expect(await getOrder('admin', id)).toMatchObject({ Remark: 'floor', RowVersion: 3 })
  })

  it('a stale delete is a 409 listing what changed; a current one deletes', async () => {
    const id = await newOrder()
    await save('admin', 'SaveOrder', {
      updateRecords: [{ Id: id, Customer: 'Beta', RowVersion: 1 }],
    })
    const r = await save('staff', 'SaveOrder', { removeRecords: [{ Id: id, RowVersion: 1 }] })
    expect(r.status).toBe(409)
    expect(r.data.conflicts).toEqual([
      expect.objectContaining({ Id: id, field: 'Customer', current: 'Beta', mine: null }),
    ])
    expect(r.errors).toHaveProperty('postData.removeRecords.0.Customer')
    expect((await getOrder('admin', id)).Id).toBe(id)
    const ok = await save('staff', 'SaveOrder', { removeRecords: [{ Id: id, RowVersion: 2 }] })
    expect(ok.status).toBe(200)
    expect(ok.data.removed).toBe(1)
  })

  it('an update of a record deleted since is a 409 "deleted by"', async () => {
    const id = await newOrder()
    await save('admin', 'SaveOrder', { removeRecords: [{ Id: id }] })
    const r = await save(
      'staff',
      'SaveOrder',
      { updateRecords: [{ Id: id, Remark: 'late', RowVersion: 1 }] },
      'en',
    )
    expect(r.status).toBe(409)
    expect(r.data.conflicts).toEqual([
      expect.objectContaining({ Id: id, field: 'Id', deleted: true, currentBy: 'admin' }),
    ])
    expect(r.errors!['postData.updateRecords.0.Id']).toMatch(/^deleted by admin at /)
    // without a version: not found, as before
    const plain = await save('staff', 'SaveOrder', { updateRecords: [{ Id: id, Remark: 'late' }] })
    expect(plain.status).toBe(400)
  })

  it('without RowVersion the last write wins, as before, and still raises the version', async () => {
    const id = await newOrder()
    await save('admin', 'SaveOrder', { updateRecords: [{ Id: id, Remark: 'office' }] })
    const r = await save('staff', 'SaveOrder', { updateRecords: [{ Id: id, Remark: 'floor' }] })
    expect(r.status).toBe(200)
    expect(r.data.merged).toBeUndefined()
    expect(await getOrder('admin', id)).toMatchObject({ Remark: 'floor', RowVersion: 3 })
  })

  it('an audit raises the version and is checked like any write', async () => {
    const id = await newOrder()
    await save('staff', 'SaveOrder', { updateRecords: [{ Id: id, Remark: 'x', RowVersion: 1 }] })
    const stale = await save('admin', 'AuditOrder', {
      updateRecords: [{ Id: id, AuditStatus: 1, RowVersion: 1 }],
    })
    // the remark changed, the audit status did not: merged
    expect(stale.status, JSON.stringify(stale)).toBe(200)
    expect(stale.data.merged).toEqual([id])
    expect(await getOrder('admin', id)).toMatchObject({ AuditStatus: 1, RowVersion: 3 })
    const twice = await save('admin', 'AuditOrder', {
      updateRecords: [{ Id: id, AuditStatus: -1, AuditComment: 'no', RowVersion: 2 }],
    })
    expect(twice.status).toBe(409)
    expect(twice.data.conflicts.map((c) => c.field)).toEqual(['AuditStatus'])
  })

  it('a purchase (an order child kind) is checked the same way', async () => {
    const order = await newOrder()
    const made = await save('admin', 'SavePurchase', {
      insertRecords: [
        { OrderId: order, Supplier: 'S', Material: 'steel', Quantity: 1, UnitPrice: 2 },
      ],
    })
    expect(made.status, JSON.stringify(made)).toBe(200)
    const id = made.data.versions![0]!.Id as number
    await save('admin', 'SavePurchase', { updateRecords: [{ Id: id, Remark: 'a', RowVersion: 1 }] })
    const merged = await save('staff', 'SavePurchase', {
      updateRecords: [{ Id: id, Quantity: 3, RowVersion: 1 }],
    })
    expect(merged.data.merged).toEqual([id])
    const clash = await save('staff', 'SavePurchase', {
      updateRecords: [{ Id: id, Remark: 'b', RowVersion: 1 }],
    })
    expect(clash.status).toBe(409)
    expect(clash.data.conflicts[0]).toMatchObject({ field: 'Remark', current: 'a', mine: 'b' })
  })

  it('a key reused with another body keeps its own 409, without data.conflicts', async () => {
    const id = await newOrder()
    const send = (Remark: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/PostData/PostCommon',
        headers: { authorization: `Bearer ${tok.staff}`, 'idempotency-key': `rv-key-${id}` },
        payload: { postUrl: 'SaveOrder', postData: { updateRecords: [{ Id: id, Remark }] } },
      })
    expect((await send('one')).statusCode).toBe(200)
    const reused = await send('two')
    expect(reused.statusCode).toBe(409)
    const body = reused.json() as { code: number; data: unknown }
    expect(body.code).toBe(409)
    expect(body.data).toBeNull()
  })
})

describe('column permissions in clashes', () => {
  afterAll(async () => {
    await save('admin', 'SaveRole', {
      updateRecords: [{ Code: 'staff', Permissions: [] }],
    })
  })

  it('a role without UnitPrice never sees it (nor TotalSum) in a clash', async () => {
    const id = await newOrder({ Remark: 'start' })
    await save('admin', 'SaveOrder', {
      updateRecords: [{ Id: id, UnitPrice: 900, Remark: 'office', RowVersion: 1 }],
    })
    const role = await save('admin', 'SaveRole', {
      updateRecords: [{ Code: 'staff', Permissions: ['column-UnitPrice-show-false'] }],
    })
    expect(role.status).toBe(200)
    const upd = await save('staff', 'SaveOrder', {
      updateRecords: [{ Id: id, UnitPrice: 1200, Remark: 'floor', RowVersion: 1 }],
    })
    expect(upd.status).toBe(409)
    expect(upd.data.conflicts.map((c) => c.field)).toEqual(['Remark'])
    expect(JSON.stringify(upd)).not.toMatch(/900|UnitPrice|TotalSum/)
    const del = await save('staff', 'SaveOrder', { removeRecords: [{ Id: id, RowVersion: 1 }] })
    expect(del.status).toBe(409)
    expect(del.data.conflicts.map((c) => c.field)).toEqual(['Remark'])
    expect(JSON.stringify(del)).not.toMatch(/900|UnitPrice|TotalSum/)
  })
})

describe('parallel saves from one version', () => {
  it('20 saves of one field: exactly one applies, the others are 409', async () => {
    const id = await newOrder()
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        save(i % 2 ? 'staff' : 'admin', 'SaveOrder', {
          updateRecords: [{ Id: id, Remark: `r${i}`, RowVersion: 1 }],
        }),
      ),
    )
    const won = answers.filter((a) => a.status === 200)
    expect(won).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19)
    const row = await getOrder('admin', id)
    expect(row.RowVersion).toBe(2)
    expect(answers.indexOf(won[0]!)).toBe(Number(String(row.Remark).slice(1)))
  })

  it('20 content saves and 20 system saves of one field: exactly one applies each', async () => {
    const news = await save('editor', 'SaveNews', {
      insertRecords: [{ Title: 'Parallel', Body: 'x' }],
    })
    expect(news.status, JSON.stringify(news)).toBe(200)
    const newsId = news.data.versions![0]!.Id
    const dep = await save('admin', 'SaveDepartment', {
      insertRecords: [{ Name: 'Parallel dept', ParentId: null }],
    })
    expect(dep.status, JSON.stringify(dep)).toBe(200)
    const depId = dep.data.versions![0]!.Id
    const many = (who: string, postUrl: string, rec: (i: number) => Record<string, unknown>) =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          save(who, postUrl, { updateRecords: [{ ...rec(i), RowVersion: 1 }] }),
        ),
      )
    const n = await many('editor', 'SaveNews', (i) => ({ Id: newsId, Title: `t${i}` }))
    expect(n.filter((a) => a.status === 200)).toHaveLength(1)
    expect(n.filter((a) => a.status === 409)).toHaveLength(19)
    const d = await many('admin', 'SaveDepartment', (i) => ({ Id: depId, Name: `d${i}` }))
    expect(d.filter((a) => a.status === 200)).toHaveLength(1)
    expect(d.filter((a) => a.status === 409)).toHaveLength(19)
  })
})
