import { MutationObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '#client/app/query-client'
import { postGridSave, type GridSaveVariables } from '#client/features/orders/api/post-grid-save'
import { keyOfSubmit } from '#client/lib/idempotency-key'
import { ApiError, postCall, setAuthFailureHandler } from '#client/lib/http'
import { postCommonResponse } from '#shared/contract/post-common'

/**
 * A stand-in server that stores a save by its Idempotency-Key, and a network that loses the
 * answers of the first `lose` calls after the server stored them.
 */
function serverLosingAnswers(lose: number, status?: number) {
  const stored = new Map<string, unknown>()
  const keys: (string | null)[] = []
  let calls = 0
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    const key = new Headers(init.headers).get('Idempotency-Key')
    keys.push(key)
    if (key && !stored.has(key)) stored.set(key, JSON.parse(String(init.body)))
    calls++
    if (calls <= lose) {
      if (status) return new Response('<html>bad gateway</html>', { status })
      throw new TypeError('Failed to fetch')
    }
    return Response.json({ code: 200, msg: 'ok', data: { inserted: 0, updated: 1, removed: 0 } })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { stored, keys }
}

const save = (): GridSaveVariables => ({
  postUrl: 'SaveOrder',
  kind: 'Order',
  postData: { updateRecords: [{ Id: 7, Remark: 'delivery moved to Friday', RowVersion: 3 }] },
  idempotencyKey: 'save-1',
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('an answer lost is not a write lost', () => {
  it('a save stored but whose answer is lost is sent again with the same key and stored once', async () => {
    const server = serverLosingAnswers(1)
    const client = createQueryClient()
    const observer = new MutationObserver(client, { mutationFn: postGridSave })
    const answer = await observer.mutate(save())
    expect(answer.updated).toBe(1)
    expect(server.keys).toEqual(['save-1', 'save-1'])
    expect(server.stored.size).toBe(1)
  })

  it('a 502 from a proxy is retried with the same key too', async () => {
    const server = serverLosingAnswers(1, 502)
    const client = createQueryClient()
    await new MutationObserver(client, { mutationFn: postGridSave }).mutate(save())
    expect(server.keys).toEqual(['save-1', 'save-1'])
    expect(server.stored.size).toBe(1)
  })

  it('a form submit keeps one key over its retries, and the next submit gets a new one', () => {
    const first = { postData: { updateRecords: [{ Id: 1 }] } }
    expect(keyOfSubmit(first)).toBe(keyOfSubmit(first))
    expect(keyOfSubmit({ ...first })).not.toBe(keyOfSubmit(first))
  })
})

describe('a refused write stays on its screen', () => {
  it("a 403 on a write is the save's own error with the reason; a 403 on a read goes to /403", async () => {
    const refused = () =>
      Response.json({ code: 403, msg: 'You may not delete orders', data: null }, { status: 403 })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refused()),
    )
    const failures: unknown[] = []
    setAuthFailureHandler((f) => failures.push(f))
    const body = { postUrl: 'SaveOrder', postData: { removeRecords: [{ Id: 7 }] } }
    const write = postCall('PostData/PostCommon', postCommonResponse, body, {
      'Idempotency-Key': 'k',
    })
    await expect(write).rejects.toMatchObject({ code: 403, message: 'You may not delete orders' })
    expect(failures).toEqual([])
    await expect(postCall('Order/GetList', postCommonResponse, {})).rejects.toBeInstanceOf(ApiError)
    expect(failures).toEqual([{ kind: 'forbidden' }])
    setAuthFailureHandler(() => {})
  })
})
