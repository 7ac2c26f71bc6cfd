import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RouteError } from '#client/app/route-error'
import { clearErrors, errorEntries } from '#client/features/error-log/error-store'
import { chunkReloadStarted } from '#client/lib/chunk-load'
import { activateLocale } from '#client/lib/i18n'
import { renderRoutes } from './render-in-router.tsx'

afterEach(async () => {
  clearErrors()
  sessionStorage.clear()
  vi.unstubAllGlobals()
  await activateLocale('zh')
})

/** A page at /broken whose component throws `error` while rendering, under the app's route error boundary. */
function renderFailing(error: Error) {
  const broken = () => {
    throw error
  }
  renderRoutes('/broken', { '/broken': broken }, { errorComponent: RouteError })
}

describe('render errors caught by the route error boundary (SPEC §8 error log)', () => {
  it('a TypeError of the page itself is logged as a render error and told as one, in en', async () => {
    await activateLocale('en')
    renderFailing(new TypeError("Cannot read properties of undefined (reading 'Title')"))
    expect(await screen.findByText('This page ran into an error')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    await waitFor(() =>
      expect(errorEntries().map((e) => [e.source, e.message])).toEqual([
        ['render', "Cannot read properties of undefined (reading 'Title')"],
      ]),
    )
  })

  it('in zh', async () => {
    renderFailing(new RangeError('Invalid time value'))
    expect(await screen.findByText('页面出错了')).toBeTruthy()
    await waitFor(() => expect(errorEntries()[0]?.source).toBe('render'))
  })

  it('a fetch that got no answer is the connection: told so, not logged as a render error', async () => {
    renderFailing(new TypeError('Failed to fetch'))
    expect(await screen.findByText('页面加载失败')).toBeTruthy()
    expect(screen.getByText('请检查网络连接后重试。')).toBeTruthy()
    // the import of the log's code is what would add an entry: give it the time it takes
    await new Promise((r) => setTimeout(r, 200))
    expect(errorEntries()).toEqual([])
  })

  it('a chunk that did not come while the server does not answer: no reload, the connection is told, nothing logged', async () => {
    const asked: string[] = []
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      asked.push(`${init.method} ${url}`)
      return Promise.reject(new TypeError('Failed to fetch'))
    })
    renderFailing(
      new TypeError('Failed to fetch dynamically imported module: http://x/assets/workbench-1.js'),
    )
    expect(await screen.findByText('页面加载失败')).toBeTruthy()
    expect(screen.getByText('请检查网络连接后重试。')).toBeTruthy()
    expect(screen.queryByText('页面代码加载失败，请刷新页面以获取最新版本。')).toBeNull()
    expect(asked).toEqual([`HEAD ${location.href}`])
    expect(chunkReloadStarted()).toBe(false)
    await new Promise((r) => setTimeout(r, 200))
    expect(errorEntries()).toEqual([])
  })
})
