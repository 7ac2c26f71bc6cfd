import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  chunkLoadTimeoutMs,
  chunkReloadKey,
  isChunkLoadError,
  keepRouterFromReloading,
  recoverFromMissingChunk,
  watchPageLoads,
} from '#client/lib/chunk-load'
import { renderHook } from '@testing-library/react'
import { useUnsavedWork } from '#client/lib/unsaved-work'
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

  it('reloads once, never twice in a row', () => {
    const reload = vi.fn()
    expect(recoverFromMissingChunk(reload, 1_000_000)).toBe(true)
    expect(sessionStorage.getItem(chunkReloadKey)).toBe('1000000')
    expect(recoverFromMissingChunk(reload, 1_000_000 + 5000)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('never reloads over unsaved input', () => {
    const reload = vi.fn()
    const form = renderHook(() => useUnsavedWork(true))
    expect(recoverFromMissingChunk(reload, 1_000_000)).toBe(false)
    expect(sessionStorage.getItem(chunkReloadKey)).toBeNull()
    form.unmount()
    expect(reload).not.toHaveBeenCalled()
    // saved (or left): the reload may happen
    expect(recoverFromMissingChunk(reload, 1_000_000)).toBe(true)
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
