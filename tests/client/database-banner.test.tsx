import { act, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { envelope } from '#shared/contract/envelope'
import { DatabaseBanner } from '#client/components/feedback/database-banner'
import { ApiError, postCall } from '#client/lib/http'
import { activateLocale } from '#client/lib/i18n'
import { databaseDown, databaseUnreachable } from '#client/lib/server-health'

/**
 * The staff app's answer to a server that cannot reach its database: saves answered 503 with
 * `cause: 'database'` raise one banner (the save path asks `databaseUnreachable` and skips its
 * toast); the banner asks /readyz until the server is ready and then goes away by itself.
 */
const api = 'http://localhost:3000/api'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(async () => {
  server.resetHandlers()
  databaseDown.set(false)
  await activateLocale('zh')
})
afterAll(() => server.close())

const any = envelope(z.unknown())
const unreachable = () =>
  HttpResponse.json(
    {
      code: 503,
      msg: 'The database cannot be reached, try again in a moment',
      data: null,
      cause: 'database',
    },
    { status: 503 },
  )
const mount = () =>
  render(
    <I18nProvider i18n={i18n}>
      <DatabaseBanner />
    </I18nProvider>,
  )
const save = async () => {
  try {
    await postCall('PostData/PostCommon', any, {})
  } catch (e) {
    return e
  }
}

describe('the database banner', () => {
  it('shows once for many refused saves and leaves when /readyz says ready', async () => {
    let ready = false
    server.use(
      mswHttp.post(`${api}/PostData/PostCommon`, unreachable),
      mswHttp.get('http://localhost:3000/readyz', () =>
        ready
          ? HttpResponse.json({
              code: 200,
              msg: 'ok',
              data: { status: 'ok', database: 'postgres', version: '1' },
            })
          : unreachable(),
      ),
    )
    await activateLocale('en')
    mount()
    expect(screen.queryByTestId('database-banner')).toBeNull()
    const errors = [await save(), await save(), await save()]
    expect(errors.every((e) => e instanceof ApiError && e.code === 503)).toBe(true)
    // the save path asks before its toast: the banner already says it
    expect(errors.every((e) => databaseUnreachable(e))).toBe(true)
    expect(await screen.findAllByTestId('database-banner')).toHaveLength(1)
    expect(screen.getByTestId('database-banner').textContent).toBe(
      'The server cannot reach its database. Saving works again once it is back.',
    )
    ready = true
    await act(() => new Promise((r) => setTimeout(r, 5400)))
    expect(screen.queryByTestId('database-banner')).toBeNull()
    expect(databaseUnreachable(errors[0])).toBe(false)
  }, 15_000)

  it('is in Chinese too, and a 503 of another cause (draining) raises nothing', async () => {
    server.use(
      mswHttp.post(`${api}/PostData/PostCommon`, () =>
        HttpResponse.json({ code: 503, msg: 'x', data: null, cause: 'draining' }, { status: 503 }),
      ),
    )
    mount()
    await save()
    expect(databaseDown.get()).toBe(false)
    act(() => databaseDown.set(true))
    expect(screen.getByTestId('database-banner').textContent).toBe(
      '服务器暂时无法连接数据库，恢复后即可继续保存。',
    )
  })
})
