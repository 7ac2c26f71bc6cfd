import ExcelJS from 'exceljs'
import { afterEach, describe, expect, inject, it } from 'vitest'
import path from 'node:path'
import type { Page, Route } from 'playwright-core'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { staffCodeKept, staffFiles } from './helpers/staff-cache.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

/**
 * Two people, one record (DESIGN §11): a save the server refuses as a clash shows where it was
 * made, on the desktop grid and on the phone card, in both languages, with Keep mine and Take
 * theirs. The clash answer is the server's contract (`conflictEnvelope`), given to the first
 * save; the second goes to the real server. `GUIDE_SHOTS=dir` keeps the guides' screenshots.
 */
const baseURL = inject('baseURL')
const open: Browser[] = []
afterEach(async () => {
  for (const b of open.splice(0)) await b.close()
})

const postCommon = (postUrl: string, postData: unknown) =>
  staffApi(baseURL, 'staff', 'PostData/PostCommon', { postUrl, postData })
const orderByNo = async (orderNo: string) =>
  (
    await staffApi<{ result: Record<string, unknown>[] }>(baseURL, 'admin', 'Order/GetList', {
      pageSize: 10,
      orderNo,
    })
  ).result[0]!

async function newOrder(orderNo: string) {
  await postCommon('SaveOrder', {
    insertRecords: [
      {
        OrderNo: orderNo,
        Customer: '并发测试客户',
        PartName: '曲轴',
        Quantity: 10,
        UnitPrice: 2.5,
      },
    ],
  })
  return (await orderByNo(orderNo)).Id as number
}

type Sent = {
  body: { postUrl: string; postData: Record<string, Record<string, unknown>[]> }
  key: string
}

/** The first SaveOrder is answered as a clash on the Remark; later saves reach the server. */
async function clashOnFirstSave(page: Page, id: number) {
  const sent: Sent[] = []
  // the context's route also sees a save the outbox replays
  await page.context().route('**/PostData/PostCommon', async (route: Route) => {
    const req = route.request()
    const body = req.postDataJSON() as Sent['body']
    if (body.postUrl !== 'SaveOrder') return route.continue()
    sent.push({ body, key: req.headers()['idempotency-key'] ?? '' })
    if (sent.length > 1) return route.continue()
    const mine = body.postData.updateRecords?.[0]?.Remark
    return route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 409,
        msg: '记录已被他人修改',
        data: {
          conflicts: [
            {
              Id: id,
              field: 'Remark',
              base: '',
              current: '办公室：周五送货',
              currentBy: '王丽',
              currentAt: new Date().toISOString(),
              mine,
              currentVersion: 7,
            },
          ],
        },
        errors: { 'postData.updateRecords.0.Remark': '王丽 changed it' },
      }),
    })
  })
  return sent
}

const row = (page: Page, id: number) => page.locator(`[data-testid="grid-row"][data-id="${id}"]`)

/** Types into one field of the order's card form (phone) or table cell (desktop), unsaved. */
async function typeInto(b: Browser, id: number, field: string, text: string, narrow: boolean) {
  const { page } = b
  const input = `input[name=${field}], textarea[name=${field}]`
  await expect.poll(() => row(page, id).count()).toBe(1)
  if (narrow) {
    await row(page, id).locator('.grid-card-body').click()
    await page.getByTestId('grid-form').locator(input).fill(text)
    await page.getByTestId('grid-form').locator('button[type=submit]').click()
  } else {
    await row(page, id).locator(`td[data-field=${field}]`).click()
    await row(page, id).locator(input).fill(text)
  }
}

async function editRemark(b: Browser, id: number, text: string, narrow: boolean) {
  await typeInto(b, id, 'Remark', text, narrow)
  await b.page.getByTestId('grid-save').click()
}

const shot = async (page: Page, name: string) => {
  const dir = process.env.GUIDE_SHOTS
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`) })
}

const cases = [
  { name: 'desktop-zh', viewport: desktop, locale: 'zh-CN', narrow: false },
  { name: 'phone-zh', viewport: phone, locale: 'zh-CN', narrow: true },
  { name: 'desktop-en', viewport: desktop, locale: 'en-US', narrow: false },
  { name: 'phone-en', viewport: phone, locale: 'en-US', narrow: true },
]

describe('a save refused as a clash shows where it was made', () => {
  for (const c of cases) {
    const keep = c.name.endsWith('zh')
    it(`${c.name}: per field who changed it, both values, and ${keep ? 'Keep mine saves again from the current version with a new key' : 'Take theirs drops the edit'}`, async () => {
      const orderNo = `E2E-CLASH-${c.name}`
      const id = await newOrder(orderNo)
      const b = await openBrowser(c.viewport, c.locale)
      open.push(b)
      const sent = await clashOnFirstSave(b.page, id)
      await signInAs(b, baseURL, '/order/order', 'staff')
      await editRemark(b, id, '车间：改为周四', c.narrow)

      const notice = c.narrow
        ? row(b.page, id).getByTestId('clash')
        : b.page.getByTestId('grid-clashes').getByTestId('clash')
      await expect.poll(() => notice.count()).toBe(1)
      expect(await notice.getAttribute('role')).toBe('alert')
      const line = notice.locator('li[data-field=Remark]')
      const text = (await line.textContent()) ?? ''
      expect(text).toContain('王丽')
      expect(text).toContain('办公室：周五送货')
      expect(text).toContain('车间：改为周四')
      expect(text).toMatch(c.locale === 'zh-CN' ? /修改/ : /changed by/)
      await notice.scrollIntoViewIfNeeded()
      await shot(b.page, `clash-${c.name}`)

      if (keep) {
        await notice.locator('.clash-keep').click()
        await expect.poll(() => sent.length).toBe(2)
        expect(sent[1]!.body.postData.updateRecords?.[0]).toMatchObject({
          Id: id,
          Remark: '车间：改为周四',
          RowVersion: 7,
        })
        expect(sent[1]!.key).not.toBe(sent[0]!.key)
        expect(sent[1]!.key).not.toBe('')
        await expect.poll(async () => (await orderByNo(orderNo)).Remark).toBe('车间：改为周四')
        await expect.poll(() => b.page.getByTestId('clash').count()).toBe(0)
      } else {
        await notice.locator('.clash-take').click()
        await expect.poll(() => b.page.getByTestId('clash').count()).toBe(0)
        // the edit is gone: nothing unsaved, nothing sent again
        await expect.poll(() => b.page.locator('.grid-unsaved').count()).toBe(0)
        expect(sent.length).toBe(1)
        expect((await orderByNo(orderNo)).Remark).toBe('')
      }
    })
  }
})

describe('an offline edit that clashes when it is sent', () => {
  it(
    'comes back on its card as the clash after reconnecting, with the values typed offline',
    { timeout: 120_000 },
    async () => {
      const orderNo = 'E2E-CLASH-OFFLINE'
      const id = await newOrder(orderNo)
      const b = await openBrowser(phone, 'zh-CN')
      open.push(b)
      const { page, context } = b
      const sent = await clashOnFirstSave(page, id)
      await signInAs(b, baseURL, '/order/order', 'staff')
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready
      })
      await page.reload()
      await expect.poll(() => row(page, id).count(), { timeout: 20_000 }).toBe(1)
      await page.waitForLoadState('networkidle')
      await staffCodeKept(page, staffFiles(['/order/order']))

      await context.setOffline(true)
      await editRemark(b, id, '车间：离线改为周四', true)
      await expect.poll(() => page.getByTestId('outbox').textContent()).toContain('1')
      expect(sent).toEqual([])

      await context.setOffline(false)
      await expect.poll(() => sent.length, { timeout: 20_000 }).toBe(1)
      // the replay sends what was stored when the edit was made
      expect(sent[0]!.body.postData.updateRecords?.[0]).toMatchObject({
        Id: id,
        Remark: '车间：离线改为周四',
      })
      const notice = row(page, id).getByTestId('clash')
      await expect.poll(() => notice.count(), { timeout: 20_000 }).toBe(1)
      const text = (await notice.locator('li[data-field=Remark]').textContent()) ?? ''
      expect(text).toContain('办公室：周五送货')
      expect(text).toContain('车间：离线改为周四')
      // not overwritten, not lost: the server keeps its value, the card keeps the typed one
      expect((await orderByNo(orderNo)).Remark).toBe('')
      await expect
        .poll(() => row(page, id).locator('[data-field=Remark]').first().textContent())
        .toContain('车间：离线改为周四')
      await shot(page, 'clash-offline-phone-zh')
    },
  )
})

/**
 * The office on a desktop and the floor on a phone, both with the order open, against the real
 * server: the floor starts an edit, the office saves, then the floor saves.
 */
// two browsers signing in on a loaded 2-core machine: more than the default minute
describe('office desktop and floor phone edit one order', { timeout: 150_000 }, () => {
  async function both(orderNo: string) {
    const id = await newOrder(orderNo)
    const office = await openBrowser(desktop, 'zh-CN')
    const floor = await openBrowser(phone, 'zh-CN')
    open.push(office, floor)
    await signInAs(office, baseURL, '/order/order', 'admin')
    await signInAs(floor, baseURL, '/order/order', 'staff')
    await expect.poll(() => row(office.page, id).count()).toBe(1)
    await expect.poll(() => row(floor.page, id).count()).toBe(1)
    return { id, office, floor }
  }
  /** A field's value in the card's form (a card shows only some fields), the form closed again. */
  const formValue = async (b: Browser, id: number, field: string) => {
    await row(b.page, id).locator('.grid-card-body').click()
    const input = b.page.getByTestId('grid-form').locator(`input[name=${field}]`)
    const value = await input.inputValue()
    await b.page.getByTestId('grid-form').locator('button[type=submit]').click()
    await expect.poll(() => b.page.getByTestId('grid-form').count()).toBe(0)
    return value
  }
  const saved = async (b: Browser) => {
    await b.page.getByTestId('grid-save').click()
    await expect.poll(() => b.page.locator('.grid-unsaved').count()).toBe(0)
  }

  for (const choice of ['keep', 'take'] as const) {
    it(`same field: the floor's save is refused as a clash on its card; ${choice === 'keep' ? 'Keep mine stores the floor value' : 'Take theirs shows and keeps the office value'}`, async () => {
      const orderNo = `E2E-CLASH-REAL-${choice}-${Date.now()}`
      const { id, office, floor } = await both(orderNo)
      await typeInto(floor, id, 'Remark', '车间：改为周四', true)
      await typeInto(office, id, 'Remark', '办公室：周五送货', false)
      await saved(office)
      expect((await orderByNo(orderNo)).Remark).toBe('办公室：周五送货')

      await floor.page.getByTestId('grid-save').click()
      const notice = row(floor.page, id).getByTestId('clash')
      await expect.poll(() => notice.count()).toBe(1)
      const text = (await notice.locator('li[data-field=Remark]').textContent()) ?? ''
      expect(text).toContain('办公室：周五送货')
      expect(text).toContain('车间：改为周四')
      // nothing of the refused save was stored
      expect((await orderByNo(orderNo)).Remark).toBe('办公室：周五送货')

      if (choice === 'keep') {
        await notice.locator('.clash-keep').click()
        await expect.poll(async () => (await orderByNo(orderNo)).Remark).toBe('车间：改为周四')
      } else {
        await notice.locator('.clash-take').click()
        await expect.poll(() => floor.page.getByTestId('clash').count()).toBe(0)
        await expect.poll(() => floor.page.locator('.grid-unsaved').count()).toBe(0)
        await expect.poll(() => formValue(floor, id, 'Remark')).toBe('办公室：周五送货')
        expect((await orderByNo(orderNo)).Remark).toBe('办公室：周五送货')
      }
      await expect.poll(() => floor.page.getByTestId('clash').count()).toBe(0)
    })
  }

  it('different fields: both kept, nothing shown; the floor sees the office value before saving', async () => {
    const orderNo = `E2E-CLASH-REAL-MERGE-${Date.now()}`
    const { id, office, floor } = await both(orderNo)
    await typeInto(floor, id, 'Remark', '车间：改为周四', true)
    await typeInto(office, id, 'Quantity', '25', false)
    await saved(office)
    // realtime: the floor's card reads the order again; the untouched field shows the office's value
    await expect
      .poll(() =>
        row(floor.page, id).locator('.grid-card-fields [data-field=Quantity]').textContent(),
      )
      .toContain('25')
    expect(await formValue(floor, id, 'Remark')).toBe('车间：改为周四')
    await saved(floor)
    expect(await floor.page.getByTestId('clash').count()).toBe(0)
    expect(await orderByNo(orderNo)).toMatchObject({ Quantity: 25, Remark: '车间：改为周四' })
  })
})

describe('an Excel file exported before someone changed its rows', () => {
  it('the import preview lists the changed row as a clash with both values; only a ticked one is applied', async () => {
    const orderNo = `E2E-CLASH-XLS-${Date.now()}`
    const id = await newOrder(orderNo)
    const exported = (await orderByNo(orderNo)).RowVersion as number
    expect(typeof exported).toBe('number')
    // changed in Forgeline after the export
    await postCommon('SaveOrder', { updateRecords: [{ Id: id, Remark: '系统里的新备注' }] })
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('Sheet1')
    ws.addRow(['订单号', '备注', '版本号'])
    ws.addRow([orderNo, '文件里的备注', exported])
    const file = Buffer.from(await wb.xlsx.writeBuffer())

    const b = await openBrowser(desktop, 'zh-CN')
    open.push(b)
    const { page } = b
    await signInAs(b, baseURL, '/order/order', 'admin')
    await page.getByTestId('grid-import-file').setInputFiles({
      name: 'orders.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    })
    const preview = page.getByTestId('import-preview')
    await expect.poll(() => preview.isVisible()).toBe(true)
    const changed = preview.locator(`[data-testid=import-changed-row][data-key="${orderNo}"]`)
    expect(await changed.getAttribute('data-clash')).toBe('true')
    const text = (await changed.locator('[data-field=Remark]').textContent()) ?? ''
    expect(text).toContain('系统里的新备注')
    expect(text).toContain('文件里的备注')
    await shot(page, 'clash-import-desktop-zh')
    await changed.getByTestId('import-clash-tick').check()
    await preview.getByTestId('import-apply').click()
    await expect.poll(async () => (await orderByNo(orderNo)).Remark).toBe('文件里的备注')
  })
})

/**
 * Settings and content editors, two people with the same record open, against the real server:
 * the department form shows a clash in place like the content editors, and an open content
 * editor shows what the other person saved in the fields not edited.
 */
describe('two people with one settings or content record open', { timeout: 150_000 }, () => {
  const departments = () =>
    staffApi<{ result: { Id: number; Name: string; RowVersion: number }[] }>(
      baseURL,
      'admin',
      'Department/GetList',
      {},
    )
  const department = async (id: number) => (await departments()).result.find((d) => d.Id === id)!
  const departmentForm = async (b: Browser, name: string) => {
    const item = b.page.locator(`[data-testid="department-row"][data-name="${name}"]`)
    await item.getByTestId('department-edit').click()
    return b.page.getByTestId('department-form')
  }
  /** The department saves a page sends: the record and the Idempotency-Key. */
  const departmentSaves = (page: Page) => {
    const sent: { record: Record<string, unknown>; key: string }[] = []
    page.on('request', (req) => {
      if (!req.url().endsWith('/PostData/PostCommon')) return
      const body = req.postDataJSON() as Sent['body']
      if (body.postUrl !== 'SaveDepartment') return
      const record = body.postData.updateRecords?.[0]
      if (record) sent.push({ record, key: req.headers()['idempotency-key'] ?? '' })
    })
    return sent
  }

  const forms = [
    { name: 'phone-zh', viewport: phone, locale: 'zh-CN', choice: 'keep' },
    { name: 'desktop-en', viewport: desktop, locale: 'en-US', choice: 'take' },
  ] as const
  for (const c of forms) {
    it(`${c.name}: a department renamed in two places: the later save shows the clash in the form; ${c.choice === 'keep' ? 'Keep mine saves it from the stored version with a new key' : 'Take theirs shows the stored name'}`, async () => {
      const name = `E2E并发部门-${c.name}-${Date.now().toString(36)}`
      await staffApi(baseURL, 'admin', 'PostData/PostCommon', {
        postUrl: 'SaveDepartment',
        postData: { insertRecords: [{ Name: name, ParentId: null }] },
      })
      const id = (await departments()).result.find((d) => d.Name === name)!.Id
      const mine = await openBrowser(c.viewport, c.locale)
      const other = await openBrowser(desktop, 'zh-CN')
      open.push(mine, other)
      await signInAs(mine, baseURL, '/system/department', 'admin')
      await signInAs(other, baseURL, '/system/department', 'admin')
      const sent = departmentSaves(mine.page)

      const form = await departmentForm(mine, name)
      await form.locator('input[name=Name]').fill(`${name}-甲`)
      const theirs = await departmentForm(other, name)
      await theirs.locator('input[name=Name]').fill(`${name}-乙`)
      await theirs.getByTestId('department-save').click()
      await expect.poll(async () => (await department(id)).Name).toBe(`${name}-乙`)
      // the realtime refresh keeps the name typed here
      expect(await form.locator('input[name=Name]').inputValue()).toBe(`${name}-甲`)

      await form.getByTestId('department-save').click()
      const notice = form.getByTestId('clash')
      await expect.poll(() => notice.count()).toBe(1)
      expect(await notice.getAttribute('role')).toBe('alert')
      const text = (await notice.locator('li[data-field=Name]').textContent()) ?? ''
      expect(text).toContain(`${name}-乙`)
      expect(text).toContain(`${name}-甲`)
      expect(text).toMatch(c.locale === 'zh-CN' ? /修改/ : /changed by/)
      expect((await department(id)).Name).toBe(`${name}-乙`)
      await notice.scrollIntoViewIfNeeded()
      await shot(mine.page, `clash-department-${c.name}`)

      if (c.choice === 'keep') {
        const stored = (await department(id)).RowVersion
        await notice.locator('.clash-keep').click()
        await expect.poll(async () => (await department(id)).Name).toBe(`${name}-甲`)
        expect(sent).toHaveLength(2)
        expect(sent[1]!.record).toMatchObject({ Id: id, Name: `${name}-甲`, RowVersion: stored })
        expect(sent[1]!.key).not.toBe(sent[0]!.key)
        await expect.poll(() => mine.page.getByTestId('department-form').count()).toBe(0)
      } else {
        await notice.locator('.clash-take').click()
        await expect
          .poll(() =>
            mine.page.locator('[data-testid=department-form] input[name=Name]').inputValue(),
          )
          .toBe(`${name}-乙`)
        expect(await mine.page.getByTestId('clash').count()).toBe(0)
        expect(sent).toHaveLength(1)
        expect((await department(id)).Name).toBe(`${name}-乙`)
      }
    })
  }

  it('a news editor open on the desktop shows the summary the other editor saved, keeps its own title, and its save keeps both', async () => {
    const title = `E2E-LIVE-${Date.now()}`
    await staffApi(baseURL, 'editor', 'PostData/PostCommon', {
      postUrl: 'SaveNews',
      postData: {
        insertRecords: [
          {
            Title: title,
            TitleEn: title,
            Summary: '旧摘要',
            SummaryEn: 'Old summary',
            Body: '正文',
          },
        ],
      },
    })
    const news = async () =>
      (
        await staffApi<{ result: { Id: number; Title: string; Summary: string }[] }>(
          baseURL,
          'editor',
          'News/GetAdminList',
          { keyword: title },
        )
      ).result[0]!
    const id = (await news()).Id
    const mine = await openBrowser(desktop, 'zh-CN')
    const other = await openBrowser(phone, 'zh-CN')
    open.push(mine, other)
    await signInAs(mine, baseURL, '/admin/news', 'editor')
    await signInAs(other, baseURL, '/admin/news', 'editor')
    const editor = async (b: Browser) => {
      await b.page.locator(`[data-testid="admin-news"][data-id="${id}"]`).click()
      return b.page.getByTestId('news-form')
    }
    const form = await editor(mine)
    await form.locator('input[name=Title]').fill(`${title} 改`)
    const theirs = await editor(other)
    await theirs.locator('textarea[name=Summary]').fill('办公室的新摘要')
    await theirs.getByTestId('news-form-save').click()
    await expect.poll(async () => (await news()).Summary).toBe('办公室的新摘要')

    // realtime: the open editor reads the item again before its user saves
    await expect
      .poll(() => form.locator('textarea[name=Summary]').inputValue())
      .toBe('办公室的新摘要')
    expect(await form.locator('input[name=Title]').inputValue()).toBe(`${title} 改`)
    await form.getByTestId('news-form-save').click()
    await expect.poll(() => mine.page.getByTestId('news-form').count()).toBe(0)
    expect(await mine.page.getByTestId('clash').count()).toBe(0)
    expect(await news()).toMatchObject({ Title: `${title} 改`, Summary: '办公室的新摘要' })
    // the item goes: later files of this server read the news list
    await staffApi(baseURL, 'editor', 'PostData/PostCommon', {
      postUrl: 'SaveNews',
      postData: { removeRecords: [{ Id: id }] },
    })
  })
})
