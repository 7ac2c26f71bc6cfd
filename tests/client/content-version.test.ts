import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'

/**
 * Once per page load the public site asks `Content/Version`; when the stamp differs
 * from the one this browser saw last, the kept public reads (query keys `['site', ...]`, also
 * restored from IndexedDB) and the worker's public-API cache are dropped before the pages read.
 */
async function load(version: string | null, { online = true } = {}) {
  vi.resetModules()
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ code: 200, msg: 'ok', data: { Version: version } }), {
        headers: { 'content-type': 'application/json' },
      }),
  )
  vi.stubGlobal('fetch', fetchMock)
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  const deleted: string[] = []
  vi.stubGlobal('caches', { delete: async (name: string) => (deleted.push(name), true) })
  const persister = await import('#client/lib/query-persister')
  persister.cacheRestoreDone()
  const mod = await import('#client/features/site/api/get-content-version')
  const q = new QueryClient()
  q.setQueryData(['site', 'product', 7], { Id: 7, Title: 'old' })
  q.setQueryData(['site', 'categories'], [{ Id: 1 }])
  q.setQueryData(['notices', 'list'], { result: [] })
  return { mod, q, deleted, fetchMock }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  localStorage.clear()
})

describe('content version stamp', () => {
  it('a new stamp drops the kept public reads and the worker cache, keeps the rest, and remembers the stamp', async () => {
    localStorage.setItem('forgeline-content-version', 'v1')
    const { mod, q, deleted, fetchMock } = await load('v2')
    await mod.freshPublicContent(q)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toMatch(/\/api\/Content\/Version$/)
    expect(q.getQueryData(['site', 'product', 7])).toBeUndefined()
    expect(q.getQueryData(['site', 'categories'])).toBeUndefined()
    expect(q.getQueryData(['notices', 'list'])).toEqual({ result: [] })
    expect(deleted).toEqual(['forgeline-public-api'])
    expect(localStorage.getItem('forgeline-content-version')).toBe('v2')
    // once per page load: a later navigation does not ask again nor drop what was read since
    q.setQueryData(['site', 'product', 7], { Id: 7, Title: 'new' })
    await mod.freshPublicContent(q)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(q.getQueryData(['site', 'product', 7])).toEqual({ Id: 7, Title: 'new' })
  })

  it('the same stamp keeps everything', async () => {
    localStorage.setItem('forgeline-content-version', 'v1')
    const { mod, q, deleted } = await load('v1')
    await mod.freshPublicContent(q)
    expect(q.getQueryData(['site', 'product', 7])).toEqual({ Id: 7, Title: 'old' })
    expect(deleted).toEqual([])
  })

  it('offline (or no answer) the kept copy is used', async () => {
    localStorage.setItem('forgeline-content-version', 'v1')
    const { mod, q, deleted, fetchMock } = await load('v2', { online: false })
    await mod.freshPublicContent(q)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(q.getQueryData(['site', 'product', 7])).toEqual({ Id: 7, Title: 'old' })
    expect(deleted).toEqual([])
    expect(localStorage.getItem('forgeline-content-version')).toBe('v1')
  })
})
