import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  chunkLoadTimeoutMs,
  chunkReloadKey,
  isChunkLoadError,
  keepRouterFromReloading,
  pageAnswerMs,
  pageAnswers,
  watchPageLoads,
} from '#client/lib/chunk-load'
import { renderHook } from '@testing-library/react'
import { addError, clearErrors, errorEntries } from '#client/features/error-log/error-store'
import { sendsIn, startSendingErrors } from '#client/features/error-log/send-errors'
import { storeTokens, clearTokens } from '#client/lib/session-tokens'

afterEach(() => {
  sessionStorage.clear()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('missing chunk after a deploy (SPEC §8)', () => {
  it('recognises chunk load failures', () => {
    expect(
      isChunkLoadError(
        new TypeError('Failed to fetch dynamically imported module: /assets/x-1.js'),
      ),
    ).toBe(true)
    expect(isChunkLoadError(new TypeError('Cannot read properties of undefined'))).toBe(false)
  })

  /**
   * The modules as a new page load has them: a recovery that reloads never ends (its page is
   * going), so each test starts from its own page.
   */
  async function newPage() {
    vi.resetModules()
    return {
      ...(await import('#client/lib/chunk-load')),
      ...(await import('#client/lib/unsaved-work')),
    }
  }
  const up = () => Promise.resolve(true)
  const away = () => Promise.resolve(false)
  /** Lets the page-address check (a resolved promise) settle. */
  const settled = () => new Promise((r) => setTimeout(r, 0))

  it('reloads once the page answers; every failure meanwhile joins it; never twice in a row', async () => {
    const { recoverFromMissingChunk, chunkReloadStarted } = await newPage()
    const reload = vi.fn()
    const told = vi.fn()
    const asking = recoverFromMissingChunk(reload, 1_000_000, up)
    expect(asking).toBeInstanceOf(Promise)
    if (asking) void asking.then(told)
    expect(chunkReloadStarted()).toBe(true)
    expect(sessionStorage.getItem(chunkReloadKey)).toBe('1000000')
    // another boundary with the same failure waits for the same answer
    expect(recoverFromMissingChunk(reload, 1_000_000, up)).toBe(asking)
    await settled()
    expect(reload).toHaveBeenCalledTimes(1)
    // the page is going: the caller is never told the server was away
    expect(told).not.toHaveBeenCalled()
    // the reloaded page with the chunk still missing: no second reload
    const reloaded = await newPage()
    expect(reloaded.recoverFromMissingChunk(reload, 1_000_000 + 5000, up)).toBe(false)
    await settled()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('never reloads while the server does not answer: told so, and a later failure may reload', async () => {
    const { recoverFromMissingChunk, chunkReloadStarted } = await newPage()
    const reload = vi.fn()
    const asking = recoverFromMissingChunk(reload, 1_000_000, away)
    expect(asking).toBeInstanceOf(Promise)
    await asking
    expect(reload).not.toHaveBeenCalled()
    expect(chunkReloadStarted()).toBe(false)
    // no reload was made, so none is remembered: when the server is back the next one may reload
    expect(sessionStorage.getItem(chunkReloadKey)).toBeNull()
    expect(recoverFromMissingChunk(reload, 1_000_000 + 5000, up)).toBeInstanceOf(Promise)
    await settled()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('asks with a HEAD of the page address: an answer below 500 is a page, a 5xx or no answer is not', async () => {
    const answers = [new Response(null, { status: 404 }), new Response(null, { status: 503 })]
    const fetchSpy = vi.fn((..._: unknown[]) => Promise.resolve(answers.shift()!))
    vi.stubGlobal('fetch', fetchSpy)
    expect(await pageAnswers()).toBe(true)
    expect(await pageAnswers()).toBe(false)
    expect(fetchSpy.mock.calls[0]).toEqual([
      location.href,
      { method: 'HEAD', signal: expect.any(AbortSignal) },
    ])
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    expect(await pageAnswers()).toBe(false)
  })

  it('a server that takes the connection and never answers counts as away after pageAnswerMs', async () => {
    vi.useFakeTimers()
    try {
      let signal: AbortSignal | undefined
      vi.stubGlobal('fetch', (_: string, init: RequestInit) => {
        signal = init.signal ?? undefined
        return new Promise(() => {})
      })
      let answered: boolean | undefined
      void pageAnswers().then((up) => (answered = up))
      await vi.advanceTimersByTimeAsync(pageAnswerMs - 1)
      expect(answered).toBeUndefined()
      await vi.advanceTimersByTimeAsync(1)
      expect(answered).toBe(false)
      expect(signal?.aborted).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('never reloads over unsaved input', async () => {
    const { recoverFromMissingChunk, useUnsavedWork } = await newPage()
    const reload = vi.fn()
    const form = renderHook(() => useUnsavedWork(true))
    expect(recoverFromMissingChunk(reload, 1_000_000, up)).toBe(false)
    expect(sessionStorage.getItem(chunkReloadKey)).toBeNull()
    form.unmount()
    expect(reload).not.toHaveBeenCalled()
    // saved (or left): the reload may happen
    expect(recoverFromMissingChunk(reload, 1_000_000, up)).toBeInstanceOf(Promise)
    await settled()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it("marks TanStack Router's own reload of the missing module as done, so only ours decides", () => {
    const error = new TypeError(
      'Failed to fetch dynamically imported module: http://x/assets/workbench-1.js',
    )
    keepRouterFromReloading(error)
    expect(sessionStorage.getItem(`tanstack_router_reload:${error.message}`)).toBe('1')
  })
})

describe('slow page code (SPEC §9 120000 ms)', () => {
  it('raises a load error when a page change has not resolved in time, not when it has', () => {
    vi.useFakeTimers()
    const handlers: Record<string, () => void> = {}
    const router = { subscribe: (e: string, fn: () => void) => ((handlers[e] = fn), () => {}) }
    const onTimeout = vi.fn()
    watchPageLoads(router, onTimeout)
    handlers.onBeforeLoad!()
    vi.advanceTimersByTime(chunkLoadTimeoutMs - 1)
    handlers.onResolved!()
    vi.advanceTimersByTime(10)
    expect(onTimeout).not.toHaveBeenCalled()
    handlers.onBeforeLoad!()
    vi.advanceTimersByTime(chunkLoadTimeoutMs)
    expect(onTimeout).toHaveBeenCalledTimes(1)
  })
})

describe('sending the error log (SPEC §8 log setting)', () => {
  it('follows the setting', () => {
    expect(sendsIn('production', true)).toBe(true)
    expect(sendsIn('production', false)).toBe(false)
    expect(sendsIn('development, production', false)).toBe(true)
  })

  it('sends UI errors of a signed-in user, not failed calls, bounded per minute', async () => {
    const sent: unknown[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async (_url: string, init: RequestInit) => (
          sent.push(JSON.parse(String(init.body))),
          new Response('{"code":200,"msg":"ok","data":null}', {
            headers: { 'content-type': 'application/json' },
          })
        ),
      ),
    )
    storeTokens({ Token: 't', RefreshToken: 'r' })
    const stop = startSendingErrors('production', true)
    addError({
      source: 'render',
      message: 'TypeError: x is undefined',
      stack: 'at Page',
      url: '/orders/order',
    })
    addError({ source: 'request', message: 'orders: [500] no' })
    for (let i = 0; i < 20; i++) addError({ source: 'error', message: `e${i}` })
    stop()
    addError({ source: 'render', message: 'after stop' })
    clearTokens()
    clearErrors()
    await vi.waitFor(() => expect(sent).toHaveLength(10))
    expect(sent[0]).toEqual({
      url: '/orders/order',
      message: 'TypeError: x is undefined',
      stack: 'at Page',
      source: 'render',
    })
    expect(errorEntries()).toEqual([])
  })
})
