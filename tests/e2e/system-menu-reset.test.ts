import { afterEach, describe, expect, inject, it } from 'vitest'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { holdSavedCopy } from './helpers/saved-copy.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

/** The /system/menu screen and an administrator's password reset, through the real pages. */
const baseURL = inject('baseURL')
const opened: Browser[] = []
afterEach(async () => {
  while (opened.length > 0) await opened.pop()!.close()
})
const open = async (viewport: typeof phone) => {
  const b = await openBrowser(viewport)
  opened.push(b)
  return b
}
const stamp = Date.now().toString(36)

type MenuNode = { path: string; meta: { titleZh?: string }; children?: MenuNode[] }
/** The Chinese title the signed-in admin's menu gives a path. */
async function menuTitle(path: string): Promise<string | undefined> {
  const tree = await staffApi<MenuNode[]>(baseURL, 'admin', 'Menu/GetUserMenuList', {})
  const find = (items: MenuNode[]): MenuNode | undefined => {
    for (const i of items) {
      if (i.path === path) return i
      const inner = find(i.children ?? [])
      if (inner) return inner
    }
    return undefined
  }
  return find(Array.isArray(tree) ? tree : [])?.meta.titleZh
}

describe('/system/menu', () => {
  it('edits the Chinese title of an entry, refuses an empty title, and the staff menu follows', async () => {
    const b = await open(desktop)
    const { page } = b
    await signInAs(b, baseURL, '/system/menu', 'admin')
    const row = page.locator('[data-testid="menu-row"][data-path="/system/log"]')
    await row.waitFor()
    const original = (await row.locator('strong').textContent())!
    expect(original).not.toBe('')
    const edit = async (title: string) => {
      await row.getByTestId('menu-edit').click()
      const form = page.getByTestId('menu-form')
      await form.locator('input[name="titleZh"]').fill(title)
      await page.getByTestId('menu-save').click()
      return form
    }
    try {
      // a page entry needs an English title: clearing it is refused and nothing changes
      await row.getByTestId('menu-edit').click()
      await page.getByTestId('menu-form').locator('input[name="title"]').fill('')
      await page.getByTestId('menu-save').click()
      await expect
        .poll(() => page.locator('.adm-toast-mask').textContent())
        .toContain('此项为必填项')
      expect(await menuTitle('/system/log')).toBe(original)
      await page.keyboard.press('Escape')
      await page.reload()
      await row.waitFor()

      // the save happens while the device's copy cannot be written (another tab holds it): a
      // reload at once restores the copy from before the save, and the page still shows the new title
      await holdSavedCopy(page)
      await edit(`日志${stamp}`)
      await expect.poll(() => row.locator('strong').textContent()).toBe(`日志${stamp}`)
      expect(await menuTitle('/system/log')).toBe(`日志${stamp}`)
      await expect
        .poll(() => page.evaluate(async () => (await navigator.locks.query()).pending?.length ?? 0))
        .toBeGreaterThan(0)
      await page.reload()
      await expect.poll(() => row.locator('strong').textContent()).toBe(`日志${stamp}`)
      // the staff menu is built from the same table: opening the page shows the new title in it
      await page.goto(`${baseURL}/system/log`)
      await expect.poll(() => page.getByText(`日志${stamp}`).count()).toBeGreaterThan(0)
    } finally {
      // put the title back, deciding from the server (the screen may not show it yet)
      if ((await menuTitle('/system/log')) !== original) {
        await page.goto(`${baseURL}/system/menu`)
        await row.waitFor()
        await edit(original)
        await expect.poll(() => menuTitle('/system/log')).toBe(original)
      }
    }
    expect(await menuTitle('/system/log')).toBe(original)
  })
})

describe('password reset by an administrator', () => {
  it('sets a new password the user must change at the next sign-in; the old one stops working', async () => {
    const login = `e2e-reset-${stamp}`
    await staffApi(baseURL, 'admin', 'PostData/PostCommon', {
      postUrl: 'SaveUser',
      postData: {
        insertRecords: [
          {
            LoginName: login,
            RealName: '重置测试',
            Role: 'staff',
            Password: 'first-pass-e2e',
            Mobile: '',
            Email: '',
            DepartmentId: null,
          },
        ],
      },
    })
    const admin = await open(phone)
    await signInAs(admin, baseURL, '/system/user', 'admin')
    const card = admin.page.locator(`[data-testid="user-card"][data-login="${login}"]`)
    await card.getByTestId('user-reset').click()
    const form = admin.page.getByTestId('reset-form')
    // too short: the field says why, nothing is saved
    await form.locator('input[name="Password"]').fill('123')
    await admin.page.getByTestId('reset-save').click()
    await expect.poll(() => form.getByRole('alert').textContent()).toMatch(/\S/)
    await form.locator('input[name="Password"]').fill('reset-pass-e2e-1')
    await admin.page.getByTestId('reset-save').click()
    await expect.poll(() => admin.page.getByTestId('reset-form').count()).toBe(0)

    const signInWith = async (b: Browser, password: string) => {
      await b.page.goto(`${baseURL}/login?redirect=%2Forder%2Forder`)
      await b.page.getByPlaceholder('用户名').fill(login)
      await b.page.getByPlaceholder('密码').fill(password)
      await b.page.getByRole('button', { name: '登录' }).click()
    }
    const user = await open(desktop)
    await signInWith(user, 'first-pass-e2e')
    await expect
      .poll(() => user.page.locator('.small-toast').textContent())
      .toContain('账号或密码不正确')
    await signInWith(user, 'reset-pass-e2e-1')
    await user.page.waitForURL(/\/setting\/personalCenter(\?|$)/)
    await user.page.getByTestId('must-change-password').waitFor()
    await user.page.locator('input[name="oldPass"]').fill('reset-pass-e2e-1')
    await user.page.locator('input[name="newPass"]').fill('own-pass-e2e-22')
    await user.page.locator('input[name="confirmPass"]').fill('own-pass-e2e-22')
    await user.page.getByRole('button', { name: '修改密码' }).click()
    await expect.poll(() => user.page.getByTestId('must-change-password').count()).toBe(0)

    const again = await open(desktop)
    await signInWith(again, 'own-pass-e2e-22')
    await again.page.waitForURL('**/order/order')
  })
})
