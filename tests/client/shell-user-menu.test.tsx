import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '@testing-library/react'
import { getUserMenuList, MenuFormatError } from '#client/features/shell/api/get-user-menu-list'

const api = 'http://localhost:3000/api'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const answer = (data: unknown) =>
  server.use(
    mswHttp.post(`${api}/Menu/GetUserMenuList`, () =>
      HttpResponse.json({ code: 200, msg: 'ok', data }),
    ),
  )

describe('Menu/GetUserMenuList on the client', () => {
  it('returns the route list with absolute paths', async () => {
    answer([
      {
        path: '/supplier',
        name: 'Supplier',
        component: 'Layout',
        redirect: 'purchase',
        hidden: false,
        alwaysShow: true,
        menuHidden: false,
        meta: { title: 'Suppliers' },
        children: [
          {
            path: 'purchase',
            name: 'Purchase',
            component: 'supplier/purchase',
            hidden: false,
            alwaysShow: false,
            menuHidden: false,
            meta: { title: 'Purchase' },
          },
        ],
      },
    ])
    const menu = await getUserMenuList()
    expect(menu[0]!.redirect).toBe('/supplier/purchase')
    expect(menu[0]!.children![0]!.path).toBe('/supplier/purchase')
  })

  it('an answer that is not a route list shows the "route format" error toast', async () => {
    answer({ routes: [] })
    await expect(getUserMenuList()).rejects.toBeInstanceOf(MenuFormatError)
    await waitFor(() =>
      expect(document.querySelector('.adm-toast-mask')?.textContent).toContain('路由格式返回有误'),
    )
  })
})
