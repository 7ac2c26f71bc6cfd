import { QueryClient } from '@tanstack/react-query'
import { isRedirect } from '@tanstack/react-router'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { staffGuard } from '#client/app/staff-guard'
import { storeTokens } from '#client/lib/session-tokens'

// jsdom has no IndexedDB: the offline copy is a no-op here
vi.mock('idb-keyval', () => ({
  get: async () => undefined,
  set: async () => {},
  del: async () => {},
}))

const api = 'http://localhost:3000/api'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterEach(() => {
  server.resetHandlers()
  sessionStorage.clear()
  document.cookie = 'admin-pro-token=; max-age=0; path=/'
})
afterAll(() => server.close())

const ok = (data: unknown) => HttpResponse.json({ code: 200, msg: 'ok', data })
const info = (MustChangePassword: boolean) => ({
  LoginName: 'admin',
  Role: 'admin',
  RealName: 'A',
  Avatar: '',
  Abilities: ['READ', 'ADMIN'],
  MustChangePassword,
})

async function guardOutcome(mustChange: boolean) {
  server.use(
    mswHttp.get(`${api}/User/Get`, () => ok(info(mustChange))),
    mswHttp.post(`${api}/*`, () => ok([])),
  )
  storeTokens({ Token: 'tok', RefreshToken: 'r' })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const location = { href: '/order/order', pathname: '/order/order' } as never
  return staffGuard({ location, matches: [], context: { queryClient } }).then(
    () => 'passed',
    (e: unknown) => e,
  )
}

describe('a password that must be changed (generated at first start, or set by an administrator)', () => {
  it('sends the user from any staff page to the password change screen', async () => {
    const thrown = await guardOutcome(true)
    expect(isRedirect(thrown)).toBe(true)
    expect((thrown as { options: { to: string } }).options.to).toBe('/setting/personalCenter')
    // the page asked for comes along, to be opened after the change
    expect((thrown as { options: { search: unknown } }).options.search).toEqual({
      redirect: '/order/order',
    })
  })

  it('leaves an account with its own password on the page it asked for', async () => {
    const thrown = await guardOutcome(false)
    expect(
      isRedirect(thrown) ? (thrown as { options: { to: string } }).options.to : 'no redirect',
    ).not.toBe('/setting/personalCenter')
  })
})
