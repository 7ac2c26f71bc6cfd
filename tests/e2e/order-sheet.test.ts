import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import jsQR from 'jsqr'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { staffCodeKept, staffFiles } from './helpers/staff-cache.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

/** The printable order sheet with its QR code, and the phone's Scan. */
const baseURL = inject('baseURL')
const open: Browser[] = []
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-sheet-'))
afterEach(async () => {
  for (const b of open.splice(0)) await b.close()
})

const browser = async (viewport = phone, locale = 'zh-CN', fakeCamera?: string) => {
  const b = await openBrowser(viewport, locale, { fakeCamera })
  open.push(b)
  return b
}

/** A new order through the API; its Id. */
async function newOrder(orderNo: string) {
  await staffApi(baseURL, 'staff', 'PostData/PostCommon', {
    postUrl: 'SaveOrder',
    postData: {
      insertRecords: [
        {
          OrderNo: orderNo,
          Customer: '二维码客户',
          PartName: '连杆',
          Quantity: 1200,
          UnitPrice: 3.5,
          WorkshopSupervisor: '王工',
        },
      ],
    },
  })
  const { result } = await staffApi<{ result: { Id: number }[] }>(
    baseURL,
    'admin',
    'Order/GetList',
    { orderNo, pageSize: 1 },
  )
  return result[0]!.Id
}

/** The link a notice of the order opens, absolute: what the sheet's QR code must hold. */
const orderLink = (id: number, orderNo: string) =>
  `${baseURL}/order/order?${new URLSearchParams({ id: String(id), orderId: orderNo }).toString()}`

/** The text of the QR code in a PNG picture, read with jsQR. */
async function decodeQr(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data
}

/** Opens the order's screen and its sheet from the grid's toolbar. */
async function openSheet(
  b: Browser,
  id: number,
  orderNo: string,
  user: 'staff' | 'admin' = 'staff',
  lang: 'zh' | 'en' = 'zh',
) {
  const { page } = b
  await signInAs(b, baseURL, `/order/order?id=${id}&orderId=${encodeURIComponent(orderNo)}`, user)
  if (lang === 'en') {
    // the language switch's saved choice (the sign-in page above is in Chinese)
    await page.evaluate(() => localStorage.setItem('forgeline-lang', '"en"'))
    await page.reload()
  }
  await page.locator(`[data-testid="grid-row"][data-id="${id}"]`).waitFor()
  await page.getByTestId('grid-sheet').click()
  await page.getByTestId('order-sheet-qr').waitFor()
}

/** The page printed by Chromium's print (CDP Page.printToPDF: page.pdf() works only in headless shell contexts). */
async function printPdf(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  const { data } = await cdp.send('Page.printToPDF', {
    preferCSSPageSize: true,
    printBackground: true,
  })
  await cdp.detach()
  const pdf = Buffer.from(data, 'base64').toString('latin1')
  const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [
    Math.round(Number(m[1])),
    Math.round(Number(m[2])),
  ])
  return { header: pdf.slice(0, 5), pages: boxes }
}

/** The QR code on the sheet as the printer sees it (print styles), as a PNG. */
async function printedQr(page: Page) {
  await page.emulateMedia({ media: 'print' })
  const png = await page.getByTestId('order-sheet-qr').screenshot()
  await page.emulateMedia({ media: 'screen' })
  return png
}

describe('order sheet', () => {
  for (const [name, viewport, lang] of [
    ['phone 390x844 touch, zh', phone, 'zh'],
    ['desktop 1280x800, en', desktop, 'en'],
  ] as const) {
    it(
      `${name}: the sheet shows the order in the user's language, prints alone on A4 and A5, and its QR code decodes to the order's link`,
      { timeout: 240_000 },
      async () => {
        const orderNo = `QR-${viewport.width}-${Date.now() % 100000}`
        const id = await newOrder(orderNo)
        const b = await browser(viewport)
        const { page } = b
        await openSheet(b, id, orderNo, 'staff', lang)
        const sheet = page.getByTestId('order-sheet')
        expect(await page.getByTestId('order-sheet-no').textContent()).toBe(orderNo)
        const field = (key: string) => sheet.locator(`[data-field="${key}"]`).textContent()
        if (lang === 'zh') {
          expect(await sheet.textContent()).toContain('订单单据')
          expect(await field('Customer')).toBe('客户二维码客户')
          expect(await field('Quantity')).toBe('数量1,200 件')
          expect(await sheet.locator('.order-sheet-audit').textContent()).toContain('待审核')
        } else {
          expect(await sheet.textContent()).toContain('Order sheet')
          expect(await field('PartName')).toBe('Part连杆')
          expect(await field('Quantity')).toBe('Quantity1,200 pcs')
          expect(await sheet.locator('.order-sheet-audit').textContent()).toContain('Pending audit')
        }
        await page.screenshot({ path: path.join(temp, `sheet-${viewport.width}.png`) })

        // printed: the sheet alone (the staff shell hidden), one page of the chosen paper
        await page.emulateMedia({ media: 'print' })
        expect(await page.getByTestId('shell-header').isVisible()).toBe(false)
        expect(await page.getByTestId('order-sheet-print').isVisible()).toBe(false)
        expect(await sheet.isVisible()).toBe(true)
        await page.emulateMedia({ media: 'screen' })
        const a4 = await printPdf(page)
        expect(a4.header).toBe('%PDF-')
        expect(a4.pages).toEqual([[595, 842]])
        await page.getByRole('radio', { name: 'A5' }).check()
        const a5 = await printPdf(page)
        expect(a5.pages).toEqual([[420, 595]])

        // the QR code, as printed, holds the order's absolute link in the app
        expect(await decodeQr(await printedQr(page))).toBe(orderLink(id, orderNo))
        expect(await page.getByTestId('order-sheet-link').textContent()).toBe(
          orderLink(id, orderNo),
        )
      },
    )
  }
})

describe('Scan', () => {
  it(
    'a fake camera showing a printed sheet opens the order, offline from the saved copy and online; a typed number works; a browser without a camera says what to do',
    { timeout: 300_000 },
    async () => {
      const orderNo = `SCAN-${Date.now() % 100000}`
      const id = await newOrder(orderNo)
      // the sheet printed, its QR code photographed: a y4m video for Chromium's fake camera
      const printer = await browser(desktop)
      await openSheet(printer, id, orderNo)
      const png = path.join(temp, 'printed-qr.png')
      fs.writeFileSync(png, await printedQr(printer.page))
      const video = path.join(temp, 'printed-qr.y4m')
      execFileSync('ffmpeg', [
        '-y',
        '-loglevel',
        'error',
        '-loop',
        '1',
        '-i',
        png,
        '-vf',
        'scale=400:400,pad=640:480:120:40:white,format=yuv420p',
        '-t',
        '2',
        '-r',
        '10',
        '-f',
        'yuv4mpegpipe',
        video,
      ])
      // no camera here (no fake device): the dialog explains, the typed number opens the order
      const { page: noCam } = printer
      await noCam.goto(`${baseURL}/admin/index`)
      await noCam.getByTestId('scan-button').click()
      await expect
        .poll(() => noCam.getByTestId('scan-state').getAttribute('data-camera'), {
          timeout: 20_000,
        })
        .toBe('problem')
      expect(await noCam.getByTestId('scan-state').textContent()).toMatch(/相机|摄像头/)
      await noCam.getByTestId('scan-order-no').fill(orderNo)
      await noCam.getByTestId('scan-open').click()
      await noCam.waitForURL(`**/order/order?id=${id}**`)
      await noCam.locator(`[data-testid="grid-row"][data-id="${id}"]`).waitFor()

      const b = await browser(phone, 'zh-CN', video)
      const { page, context } = b
      // the order list loaded once (the order is on its first page), then the dashboard
      await signInAs(b, baseURL, '/order/order', 'staff')
      await page.locator(`[data-testid="grid-row"][data-id="${id}"]`).waitFor()
      await page.waitForLoadState('networkidle')
      await page.goto(`${baseURL}/admin/index`)
      await page.getByTestId('dashboard-greeting').waitFor()
      // the worker keeps the staff shell, which loads the scanner on demand
      await staffCodeKept(page, staffFiles())

      // offline: the order opens from the device's copy
      await context.setOffline(true)
      await page.getByTestId('scan-button').click()
      await page.waitForURL(`**/order/order?id=${id}**`, { timeout: 30_000 })
      await page.locator(`[data-testid="grid-row"][data-id="${id}"]`).waitFor()
      expect(await page.getByTestId('grid-filter').textContent()).toContain(orderNo)
      await page.screenshot({ path: path.join(temp, 'scanned-offline.png') })

      // online again: the same code opens the order from the server
      await context.setOffline(false)
      await page.goto(`${baseURL}/workbench`)
      await page.getByTestId('scan-button').click()
      await page.waitForURL(`**/order/order?id=${id}**`, { timeout: 30_000 })
      await page.locator(`[data-testid="grid-row"][data-id="${id}"]`).waitFor()
    },
  )
})
