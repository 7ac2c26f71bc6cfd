import sharp from 'sharp'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { openBrowser, phone, type Browser } from './helpers/browser.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

const baseURL = inject('baseURL')
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
})

/** One visitor message as the server has it (editor API token). */
const serverMessage = async (id: number) =>
  (
    await staffApi<{ result: { Id: number; Handled: boolean }[] }>(
      baseURL,
      'editor',
      'Leaving/GetList',
      { pageSize: 1000 },
    )
  ).result.find((m) => m.Id === id)

describe('visitor messages (phone)', () => {
  it('an editor marks an open message handled; it leaves the open list and the server has it handled', async () => {
    b = await openBrowser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/admin/leaving', 'editor')
    const cards = page.getByTestId('visitor-message')
    await expect.poll(() => cards.count()).toBeGreaterThan(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.width,
    )
    const first = cards.first()
    const id = Number(await first.getAttribute('data-id'))
    expect((await serverMessage(id))?.Handled).toBe(false)
    await first.getByTestId('visitor-message-toggle').click()
    await expect.poll(async () => (await serverMessage(id))?.Handled).toBe(true)
    await expect
      .poll(() => page.locator(`[data-testid="visitor-message"][data-id="${id}"]`).count())
      .toBe(0)
    await page.getByRole('button', { name: '已处理', exact: true }).click()
    await expect
      .poll(() => page.locator(`[data-testid="visitor-message"][data-id="${id}"]`).count())
      .toBe(1)
  })
})

describe('carousel (phone)', () => {
  it('moving a slide up changes the order of the home carousel', async () => {
    b = await openBrowser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/admin/lunbo', 'editor')
    const slides = page.getByTestId('admin-slide')
    await expect.poll(() => slides.count()).toBeGreaterThan(1)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.width,
    )
    const titles = () => slides.locator('strong').allTextContents()
    const before = await titles()
    // one tap saves the new order (SaveCarousel, Sort of the slides that move)
    await page.getByTestId('slide-up').nth(1).click()
    await expect.poll(titles).toEqual([before[1], before[0], ...before.slice(2)])

    await page.goto(`${baseURL}/index`)
    const homeSlides = page.locator('.home-slide')
    await expect.poll(() => homeSlides.count()).toBeGreaterThan(1)
    await expect.poll(() => homeSlides.first().getAttribute('aria-label')).toBe(before[1])
    expect(await homeSlides.nth(1).getAttribute('aria-label')).toBe(before[0])
    // and for a visitor who never saw the old order
    const visitor = await openBrowser(phone)
    try {
      await visitor.page.goto(`${baseURL}/index`)
      await expect
        .poll(() => visitor.page.locator('.home-slide').first().getAttribute('aria-label'))
        .toBe(before[1])
    } finally {
      await visitor.close()
    }
  })
})

describe('products (phone)', () => {
  it('an editor changes a product English name and adds a picture; the public page shows both after a reload', async () => {
    b = await openBrowser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/admin/pro/promanage', 'editor')
    const rows = page.getByTestId('admin-product')
    await expect.poll(() => rows.count()).toBeGreaterThan(3)
    const row = rows.first()
    const id = Number(await row.getAttribute('data-id'))
    const before = (await (await fetch(`${baseURL}/api/CommonData/Get?id=${id}`)).json()) as {
      data: { Images: unknown[] }
    }
    await row.click()
    const form = page.getByTestId('product-form')
    await form.locator('input[name=TitleEn]').fill('E2E renamed crankshaft')
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#2f6f9f' },
    })
      .png()
      .toBuffer()
    await form
      .getByTestId('photo-input')
      .setInputFiles({ name: 'new-photo.png', mimeType: 'image/png', buffer: png })
    await expect
      .poll(() => form.locator('.photo-card img').count())
      .toBe(before.data.Images.length + 1)
    await form.getByTestId('product-form-save').click()
    await expect.poll(() => page.locator('.adm-toast-mask').textContent()).toContain('保存成功')
    const after = (await (await fetch(`${baseURL}/api/CommonData/Get?id=${id}`)).json()) as {
      data: { TitleEn: string; Images: unknown[] }
    }
    expect(after.data.TitleEn).toBe('E2E renamed crankshaft')
    expect(after.data.Images).toHaveLength(before.data.Images.length + 1)

    await page.goto(`${baseURL}/prodetail?id=${id}`)
    await page.locator('.lang-switch').first().click()
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en')
    await page.reload()
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('E2E renamed crankshaft')
    await expect
      .poll(() => page.locator('.product-gallery-item').count())
      .toBe(before.data.Images.length + 1)
  })

  it('an upload shows how much of the file has been sent, then the picture', async () => {
    b = await openBrowser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/admin/pro/promanage', 'editor')
    await page.getByTestId('admin-product').nth(2).click()
    const form = page.getByTestId('product-form')
    const have = await form.locator('.photo-card img').count()
    // noise does not compress: about 600 KB, sent at 256 KB/s
    const side = 450
    const noise = Buffer.from(
      Array.from({ length: side * side * 3 }, () => Math.floor(Math.random() * 256)),
    )
    const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png()
      .toBuffer()
    expect(png.length).toBeGreaterThan(400_000)
    const cdp = await b.context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    })
    await page.evaluate(() => {
      const seen: string[] = []
      ;(window as unknown as { seenProgress: string[] }).seenProgress = seen
      new MutationObserver(() => {
        const v = document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow')
        if (v && seen.at(-1) !== v) seen.push(v)
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      })
    })
    await form
      .getByTestId('photo-input')
      .setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: png })
    await expect
      .poll(() => form.locator('.photo-card img').count(), { timeout: 20_000 })
      .toBe(have + 1)
    const seen = (
      await page.evaluate(() => (window as unknown as { seenProgress: string[] }).seenProgress)
    ).map(Number)
    expect(
      seen.some((v) => v > 0 && v < 100),
      `progress seen: ${seen.join(', ')}`,
    ).toBe(true)
    expect(seen).toEqual([...seen].sort((x, y) => x - y))
    await expect.poll(() => form.locator('[role=progressbar]').count()).toBe(0)
  })

  it('more pictures than the limit are refused with the SPEC message and nothing is uploaded', async () => {
    b = await openBrowser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/admin/pro/promanage', 'editor')
    await page.getByTestId('admin-product').nth(1).click()
    const form = page.getByTestId('product-form')
    const have = await form.locator('.photo-card img').count()
    const png = await sharp({
      create: { width: 32, height: 32, channels: 3, background: '#999999' },
    })
      .png()
      .toBuffer()
    const files = Array.from({ length: 7 - have }, (_, i) => ({
      name: `p${i}.png`,
      mimeType: 'image/png',
      buffer: png,
    }))
    // the picker takes one file per pick; several at once (a drop, a script) are still refused whole
    expect(await form.getByTestId('photo-input').getAttribute('multiple')).toBeNull()
    await form.getByTestId('photo-input').evaluate(
      (input: HTMLInputElement, list) => {
        const dt = new DataTransfer()
        for (const f of list)
          dt.items.add(
            new File([Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0))], f.name, {
              type: 'image/png',
            }),
          )
        input.files = dt.files
        input.dispatchEvent(new Event('change', { bubbles: true }))
      },
      files.map((f) => ({ name: f.name, data: f.buffer.toString('base64') })),
    )
    await expect
      .poll(() => page.locator('.adm-toast-mask').textContent())
      .toContain(`本次选择了${files.length}个文件`)
    expect(await form.locator('.photo-card img').count()).toBe(have)
  })
})
