import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  isRedirect,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { staffGuard } from '#client/app/staff-guard'
import { postChooseWxLogin } from '#client/features/auth/api/post-choose-wx-login'
import { WxCallbackPage } from '#client/features/auth/components/wx-callback-page'
import { startFlow } from '#client/features/auth/wx-flow'
import { activateLocale } from '#client/lib/i18n'
import { accessToken, storeTokens } from '#client/lib/session-tokens'

// jsdom has no IndexedDB: the offline copy the reset drops is a no-op here
vi.mock('idb-keyval', () => ({
  get: async () => undefined,
  set: async () => {},
  del: async () => {},
}))

// SPEC §5 / §8: "core login interface abnormal" and "core user-info interface abnormal"
const api = 'http://localhost:3000/api'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(async () => {
  server.resetHandlers()
  sessionStorage.clear()
  document.cookie = 'admin-pro-token=; max-age=0; path=/'
  await activateLocale('zh')
})
afterAll(() => server.close())

const ok = (data: unknown) => HttpResponse.json({ code: 200, msg: 'ok', data })

function renderCallback(code: string, state: string) {
  const root = createRootRoute({ component: () => <Outlet /> })
  const callback = createRoute({
    getParentRoute: () => root,
    path: '/callback',
    component: () => <WxCallbackPage code={code} state={state} />,
  })
  const login = createRoute({
    getParentRoute: () => root,
    path: '/login',
    component: () => <p>login page</p>,
  })
  const home = createRoute({
    getParentRoute: () => root,
    path: '/admin/index',
    component: () => <p>staff home</p>,
  })
  const router = createRouter({
    routeTree: root.addChildren([callback, login, home]),
    history: createMemoryHistory({ initialEntries: ['/callback'] }),
  })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return router
}

describe('core login interface abnormal (social login without the token field)', () => {
  it('an account of the WeChat answer without Token: the SPEC message in English, back to login, no session', async () => {
    await activateLocale('en')
    server.use(
      mswHttp.post(`${api}/User/WxLogin`, () =>
        ok({ IsBind: true, LoginList: [{ LoginName: 'admin', RefreshToken: 'r' }], Ticket: 't' }),
      ),
    )
    const flow = startFlow('/admin/index')
    const router = renderCallback('the-code', flow.state)
    expect(
      await screen.findByText(
        'The core login interface is abnormal; check that the returned JSON contains the token',
      ),
    ).toBeTruthy()
    expect(await screen.findByText('login page')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
    expect(accessToken()).toBeFalsy()
  })

  it('the same answer with a well-formed Token signs in (the check is the token field, nothing else)', async () => {
    server.use(
      mswHttp.post(`${api}/User/WxLogin`, () =>
        ok({
          IsBind: true,
          LoginList: [{ LoginName: 'admin', Token: 'tok', RefreshToken: 'r' }],
          Ticket: 't',
        }),
      ),
    )
    const flow = startFlow('/admin/index')
    renderCallback('the-code', flow.state)
    expect(await screen.findByText('staff home')).toBeTruthy()
    expect(accessToken()).toBe('tok')
  })

  it('choosing one of several accounts: an answer without Token gives the Chinese SPEC message', async () => {
    server.use(mswHttp.post(`${api}/User/ChooseWxLogin`, () => ok({ RefreshToken: 'r' })))
    await expect(postChooseWxLogin('ticket', 'admin')).rejects.toThrow(
      '登录核心接口异常，请检查返回的 JSON 中是否包含 token',
    )
  })
})

describe('core user-info interface abnormal (user info with the wrong shapes)', () => {
  const guard = (queryClient: QueryClient) =>
    staffGuard({
      location: { href: '/order/order', pathname: '/order/order' } as never,
      matches: [],
      context: { queryClient },
    })

  for (const [name, info] of [
    [
      'roles not an array',
      {
        LoginName: 'admin',
        Role: 'admin',
        RealName: 'A',
        Avatar: '',
        Abilities: 'READ',
        MustChangePassword: false,
      },
    ],
    [
      'avatar not a string',
      {
        LoginName: 'admin',
        Role: 'admin',
        RealName: 'A',
        Avatar: 7,
        Abilities: ['READ'],
        MustChangePassword: false,
      },
    ],
  ] as const) {
    it(`${name}: the SPEC message, the session is reset and the user goes to login`, async () => {
      await activateLocale(name.startsWith('roles') ? 'en' : 'zh')
      server.use(mswHttp.get(`${api}/User/Get`, () => ok(info)))
      storeTokens({ Token: 'tok', RefreshToken: 'r' })
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
      const thrown: unknown = await guard(queryClient).then(
        () => 'passed',
        (e: unknown) => e,
      )
      expect(isRedirect(thrown)).toBe(true)
      expect((thrown as { options: { to: string; search: unknown } }).options).toMatchObject({
        to: '/login',
        search: { redirect: '/order/order' },
      })
      expect(accessToken()).toBeFalsy()
      const text = name.startsWith('roles')
        ? 'The core user-info interface is abnormal'
        : '核心接口异常，请检查返回的用户信息格式'
      expect(await screen.findByText(text)).toBeTruthy()
    })
  }
})

describe('a user-info answer cut off on the way (the connection dropped, the page navigated away)', () => {
  it('is a failed connection: the session stays and the guard shows the error, not the login page', async () => {
    server.use(
      mswHttp.get(`${api}/User/Get`, () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(
              new TextEncoder().encode('{"code":200,"msg":"ok","data":{"LoginName":"adm'),
            )
            controller.error(new TypeError('network error'))
          },
        })
        return new HttpResponse(body, { headers: { 'content-type': 'application/json' } })
      }),
    )
    storeTokens({ Token: 'tok', RefreshToken: 'r' })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const thrown: unknown = await staffGuard({
      location: { href: '/order/order', pathname: '/order/order' } as never,
      matches: [],
      context: { queryClient },
    }).then(
      () => 'passed',
      (e: unknown) => e,
    )
    expect(isRedirect(thrown)).toBe(false)
    expect(thrown).toBeInstanceOf(Error)
    expect(accessToken()).toBe('tok')
  })
})
