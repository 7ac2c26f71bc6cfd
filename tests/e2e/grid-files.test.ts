import sharp from 'sharp'
import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

/** Image and file cells of the grids, a photo taken on a phone, a drawing on a desktop. */
const baseURL = inject('baseURL')
const open: Browser[] = []
afterEach(async () => {
  for (const b of open.splice(0)) await b.close()
})
const browser = async (viewport: typeof phone) => {
  const b = await openBrowser(viewport)
  open.push(b)
  return b
}

const postCommon = (postUrl: string, postData: unknown) =>
  staffApi(baseURL, 'staff', 'PostData/PostCommon', { postUrl, postData })
type Row = Record<string, unknown> & { Id: number }
const serverRows = async (kind: string, body: Record<string, unknown> = {}) =>
  (
    await staffApi<{ result: Row[] }>(baseURL, 'admin', `${kind}/GetList`, {
      pageSize: 1000,
      ...body,
    })
  ).result
const row = (page: Page, id: number) => page.locator(`[data-testid="grid-row"][data-id="${id}"]`)

const photo = () =>
  sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer()
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
)

describe('image and file cells', () => {
  it('a purchase gets a delivery-note photo on a phone; the desktop grid previews it at 150 px and zooms it in a viewer', async () => {
    await postCommon('SaveOrder', {
      insertRecords: [
        { OrderNo: 'E2E-FILES-1', Customer: '附件客户', PartName: '法兰', Quantity: 5 },
      ],
    })
    const [order] = await serverRows('Order', { orderNo: 'E2E-FILES-1' })
    await postCommon('SavePurchase', {
      insertRecords: [{ OrderId: order!.Id, Supplier: '照片供应商', Material: 'C45', Quantity: 3 }],
    })
    const purchase = (await serverRows('Purchase', { orderNo: 'E2E-FILES-1' }))[0]!

    const p = await browser(phone)
    await signInAs(p, baseURL, '/supplier/purchase', 'staff')
    await expect.poll(() => row(p.page, purchase.Id).count()).toBe(1)
    await row(p.page, purchase.Id).locator('.grid-card-body').click()
    const field = p.page.getByTestId('grid-form').getByTestId('file-field')
    // the camera on phones; one file per pick, never a multiple selection
    const camera = field.getByTestId('file-field-camera-input')
    expect(await camera.getAttribute('accept')).toBe('image/*')
    expect(await camera.getAttribute('capture')).toBe('environment')
    expect(await field.locator('input[type=file][multiple]').count()).toBe(0)
    expect(await field.getByTestId('file-field-input').getAttribute('accept')).toContain('.jpg')
    expect(await field.getByTestId('file-field-input').getAttribute('accept')).not.toContain('.pdf')
    await camera.setInputFiles({
      name: 'delivery-note.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(),
    })
    await expect
      .poll(() => field.getByTestId('file-field-item').count(), { timeout: 30_000 })
      .toBe(1)
    await p.page.getByTestId('grid-form').getByRole('button', { name: '完成' }).click()
    // the card shows a small thumbnail, the save stores the photo
    await expect.poll(() => row(p.page, purchase.Id).locator('.grid-files img').count()).toBe(1)
    await p.page.getByTestId('grid-save').click()
    await expect
      .poll(async () => (await serverRows('Purchase', { orderNo: 'E2E-FILES-1' }))[0]!.Photos, {
        timeout: 30_000,
      })
      .toHaveLength(1)
    const [saved] = (await serverRows('Purchase', { orderNo: 'E2E-FILES-1' }))[0]!.Photos as {
      name: string
      url: string
      thumb?: string
    }[]
    expect(saved!.name).toBe('delivery-note.jpg')
    expect(saved!.url).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{24}\.jpg$/)

    const d = await browser(desktop)
    await signInAs(d, baseURL, '/supplier/purchase', 'staff')
    const cell = row(d.page, purchase.Id).locator('[data-field=Photos]')
    const img = cell.locator('img')
    await expect.poll(() => img.count()).toBe(1)
    await img.scrollIntoViewIfNeeded()
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true)
    const box = await img.boundingBox()
    expect(box!.width).toBe(150)
    // a click opens the full-screen viewer (zoom), not the cell's editor
    await img.click()
    const viewer = d.page.getByTestId('image-viewer')
    await expect
      .poll(() => viewer.locator('img').getAttribute('src'), { timeout: 20_000 })
      .toBe(saved!.url)
    expect(await row(d.page, purchase.Id).getByTestId('file-field').count()).toBe(0)
    // the whole picture fits the screen; a click zooms it to its natural size (2000 px); Escape closes the viewer
    const zoomed = viewer.locator('img')
    await expect.poll(async () => Math.round((await zoomed.boundingBox())?.height ?? 0)).toBe(800)
    await zoomed.click()
    await expect.poll(async () => Math.round((await zoomed.boundingBox())?.width ?? 0)).toBe(2000)
    await d.page.keyboard.press('Escape')
    await expect.poll(() => viewer.count()).toBe(0)
  })

  it('an order gets its drawing (a PDF) on the desktop; the grid shows it as a download link; removing it empties the record', async () => {
    await postCommon('SaveOrder', {
      insertRecords: [
        { OrderNo: 'E2E-FILES-2', Customer: '图纸客户', PartName: '齿轮', Quantity: 1 },
      ],
    })
    const [order] = await serverRows('Order', { orderNo: 'E2E-FILES-2' })
    const d = await browser(desktop)
    await signInAs(d, baseURL, '/order/order', 'staff')
    const cell = row(d.page, order!.Id).locator('[data-field=Drawing]')
    await expect.poll(() => cell.count()).toBe(1)
    await cell.click()
    const field = cell.getByTestId('file-field')
    await expect.poll(() => field.count()).toBe(1)
    expect(await field.getByTestId('file-field-input').getAttribute('accept')).toContain('.pdf')
    await field
      .getByTestId('file-field-input')
      .setInputFiles({ name: 'A-12 drawing.pdf', mimeType: 'application/pdf', buffer: pdf })
    await expect
      .poll(() => field.getByTestId('file-field-item').count(), { timeout: 30_000 })
      .toBe(1)
    await d.page.getByTestId('grid-save').click()
    await expect
      .poll(async () => (await serverRows('Order', { orderNo: 'E2E-FILES-2' }))[0]!.Drawing, {
        timeout: 30_000,
      })
      .toHaveLength(1)

    await d.page.reload()
    const link = row(d.page, order!.Id).locator('[data-field=Drawing] a[download]')
    await expect.poll(() => link.count(), { timeout: 30_000 }).toBe(1)
    expect(await link.textContent()).toBe('A-12 drawing.pdf')
    const href = (await link.getAttribute('href'))!
    expect(href).toMatch(/\.pdf$/)
    const res = await fetch(new URL(href, baseURL))
    expect(res.headers.get('content-disposition')).toBe('attachment')
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true)

    // remove it from the editor and save: the record has no drawing any more
    await row(d.page, order!.Id)
      .locator('[data-field=Drawing]')
      .click({ position: { x: 150, y: 5 } })
    await row(d.page, order!.Id).getByTestId('file-field-remove').click()
    await d.page.getByTestId('grid-save').click()
    await expect
      .poll(async () => (await serverRows('Order', { orderNo: 'E2E-FILES-2' }))[0]!.Drawing, {
        timeout: 30_000,
      })
      .toEqual([])
  })
})
