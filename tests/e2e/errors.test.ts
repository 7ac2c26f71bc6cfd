import { afterEach, describe, expect, inject, it } from 'vitest'
import { desktop, openBrowser, type Browser } from './helpers/browser.ts'
import { signInAs } from './helpers/staff.ts'

const baseURL = inject('baseURL')
const opened: Browser[] = []
afterEach(async () => {
  while (opened.length > 0) await opened.pop()!.close()
})

const nginx502 =
  '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>'

describe('errors and responses (SPEC §8)', () => {
  it('a 502 HTML page from a proxy shows the SPEC text, in zh', async () => {
    const b = await openBrowser(desktop)
    opened.push(b)
    const { page } = b
    await page.route('**/api/Log/GetList', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: nginx502 }),
    )
    await signInAs(b, baseURL, '/system/log', 'admin')
    await page.getByText('网关错误(502)').waitFor()
    expect(await page.getByText('nginx').count()).toBe(0)
  })
})
