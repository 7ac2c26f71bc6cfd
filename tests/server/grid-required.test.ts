import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'
import { postCommon } from './helpers/system-calls.ts'

let t: TestApp
let staff = ''
beforeAll(async () => {
  t = await createTestApp()
  staff = await signIn(t.app, 'staff')
})
afterAll(() => t.close())

const notices = async (orderNo: string) =>
  (await t.db.db.selectFrom('notice').select('id').where('order_no', '=', orderNo).execute()).length
const stored = (orderNo: string) =>
  t.db.db.selectFrom('orders').select('id').where('order_no', '=', orderNo).executeTakeFirst()

describe('required grid fields (issue 35)', () => {
  it('refuses an order with no customer, part or quantity: field errors, nothing saved, no notice', async () => {
    const r = await postCommon(
      t,
      staff,
      'SaveOrder',
      { insertRecords: [{ OrderNo: 'REQ-1', Customer: ' ', Quantity: '' }] },
      'en',
    )
    expect(r.status).toBe(400)
    expect(r.errors).toMatchObject({
      'postData.insertRecords.0.Customer': 'This field is required',
      'postData.insertRecords.0.PartName': 'This field is required',
      'postData.insertRecords.0.Quantity': 'This field is required',
    })
    expect(await stored('REQ-1')).toBeUndefined()
    expect(await notices('REQ-1')).toBe(0)
    const zh = await postCommon(t, staff, 'SaveOrder', { insertRecords: [{ OrderNo: 'REQ-1' }] })
    expect(zh.errors?.['postData.insertRecords.0.Customer']).toBe('此项为必填项')
  })

  it('saves and notifies once the required fields are given; an update may not blank them', async () => {
    const ok = await postCommon(t, staff, 'SaveOrder', {
      insertRecords: [{ OrderNo: 'REQ-2', Customer: 'Acme', PartName: 'Flange', Quantity: 3 }],
    })
    expect(ok.status, JSON.stringify(ok)).toBe(200)
    expect(await notices('REQ-2')).toBe(1)
    const id = (await stored('REQ-2'))!.id
    const blank = await postCommon(
      t,
      staff,
      'SaveOrder',
      { updateRecords: [{ Id: id, PartName: '' }] },
      'en',
    )
    expect(blank.errors).toEqual({ 'postData.updateRecords.0.PartName': 'This field is required' })
    // an update that leaves the required fields alone is fine
    expect(
      (await postCommon(t, staff, 'SaveOrder', { updateRecords: [{ Id: id, Remark: 'rush' }] }))
        .status,
    ).toBe(200)
  })

  it('refuses a purchase without supplier and material', async () => {
    await postCommon(t, staff, 'SaveOrder', {
      insertRecords: [{ OrderNo: 'REQ-3', Customer: 'Acme', PartName: 'Flange', Quantity: 3 }],
    })
    const r = await postCommon(
      t,
      staff,
      'SavePurchase',
      { insertRecords: [{ OrderNo: 'REQ-3', Quantity: 5 }] },
      'en',
    )
    expect(r.status).toBe(400)
    expect(Object.keys(r.errors ?? {}).sort()).toEqual([
      'postData.insertRecords.0.Material',
      'postData.insertRecords.0.Supplier',
    ])
    expect(await notices('REQ-3')).toBe(1)
  })
})
