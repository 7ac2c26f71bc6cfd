import { fireEvent, screen } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { beforeEach, describe, expect, it } from 'vitest'
import { LoginPage } from '#client/features/auth/components/login-page'
import { getUserInfo } from '#client/features/auth/api/get-user-info'
import { getUserMenuList } from '#client/features/shell/api/get-user-menu-list'
import { apiBase } from '#client/lib/http'
import { activateLocale } from '#client/lib/i18n'
import { accessToken, refreshToken } from '#client/lib/session-tokens'
import { mockHandlers } from '#client/mocks/handlers'
import { resetMockState } from '#client/mocks/state'
import { renderAtRoute } from './auth-form-render.tsx'
import { serveDuringTests } from './serve-during-tests.ts'

// the same handlers as `npm run dev:mock`, answering the client's own calls
const server = setupServer(...mockHandlers(apiBase, 'ws://localhost:3000/ws'))

serveDuringTests(server)
beforeEach(async () => {
  resetMockState()
  document.cookie = 'admin-pro-token=; max-age=0; path=/'
  await activateLocale('en')
})

const renderLogin = () => renderAtRoute('/login', () => <LoginPage redirect={undefined} />)

async function signIn(username: string, password: string) {
  fireEvent.change(await screen.findByPlaceholderText('User name'), { target: { value: username } })
  fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
}

describe('sign-in form against the mock handlers', () => {
  it('signs in as the SPEC §7 admin account: tokens stored, staff home opens', async () => {
    const router = renderLogin()
    await signIn('admin', 'any-password')
    expect(await screen.findByText('staff home')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/admin/index')
    expect(accessToken()).toBe('mock-token-admin')
    expect(refreshToken()).toBe('mock-refresh-admin')
    // the session works for the shell's next calls
    expect(await getUserInfo()).toMatchObject({ LoginName: 'admin', Role: 'admin' })
  })

  it('refuses an unknown account with the SPEC §8 mock message, followed by an ellipsis without the code (SPEC §5), and stays on the form', async () => {
    const router = renderLogin()
    await signIn('nobody', 'any-password')
    expect(await screen.findByText('Incorrect account or password…')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
    expect(accessToken()).toBeUndefined()
  })

  it('answers the failure in Chinese for a Chinese page (账号或密码不正确)', async () => {
    await activateLocale('zh')
    renderLogin()
    fireEvent.change(await screen.findByPlaceholderText('用户名'), { target: { value: 'ghost' } })
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'secret1' } })
    fireEvent.click(screen.getByRole('button', { name: '登录' }))
    expect(await screen.findByText('账号或密码不正确…')).toBeTruthy()
  })

  it('gives each account the menu of its role', async () => {
    const menuOf = async (user: string) => {
      document.cookie = `admin-pro-token=mock-token-${user}; path=/`
      const paths = (items: Awaited<ReturnType<typeof getUserMenuList>>): string[] =>
        items.flatMap((i) => [i.path, ...paths(i.children ?? [])])
      return paths(await getUserMenuList())
    }
    const admin = await menuOf('admin')
    expect(admin).toEqual(expect.arrayContaining(['/system/role', '/order/order', '/admin/lunbo']))
    const editor = await menuOf('editor')
    expect(editor).toContain('/admin/lunbo')
    expect(editor).not.toContain('/order/order')
    expect(editor).not.toContain('/system/role')
    const test = await menuOf('test')
    expect(test).toContain('/order/order')
    expect(test).not.toContain('/admin/lunbo')
  })

  it('answers calls the mocks do not know with 404 rather than a server', async () => {
    const res = await fetch(`${apiBase}/Nothing/Here`, { method: 'POST' })
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ code: 404, data: null })
  })
})
