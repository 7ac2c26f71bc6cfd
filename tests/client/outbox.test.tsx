import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Outbox } from '#client/components/feedback/outbox'
import { ApiError } from '#client/lib/http'
import { deviceCopy } from '#client/lib/query-persister'

type Vars = { idempotencyKey: string; queuedOffline?: boolean }
const never = () => new Promise<never>(() => {})
/** Lets every queued callback run (no wall-clock wait). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

let client: QueryClient
const mount = () => {
  client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Outbox />
      </QueryClientProvider>
    </I18nProvider>,
  )
}
/** Starts a write as a form would; its promise is left alone (the outbox shows the outcome). */
const write = (vars: Vars, fn: (v: Vars) => Promise<unknown> = never) =>
  act(() => {
    client
      .getMutationCache()
      .build(client, { mutationKey: ['orders', 'save'], mutationFn: fn })
      .execute(vars)
      .catch(() => undefined)
  })
/** The stored copy of the device as the persister leaves it after a write. */
const keepOnDevice = (vars: Vars) =>
  act(() => {
    const m = client.getMutationCache().getAll()[0]!
    deviceCopy.set({
      kept: [
        {
          mutationKey: ['orders', 'save'],
          state: { ...m.state, variables: vars },
        } as never,
      ],
    })
  })
const banner = () => screen.queryByTestId('outbox')

afterEach(() => {
  onlineManager.setOnline(true)
  deviceCopy.set({ kept: [] })
})

describe('the outbox banner (writes made offline)', () => {
  it('shows nothing while no write waits and none failed after waiting', async () => {
    mount()
    // a write sent online, still on its way: the form shows it, not the outbox
    await write({ idempotencyKey: 'k1', queuedOffline: false })
    await settle()
    expect(banner()).toBeNull()
  })

  it('counts a paused write only once the device copy holds it, or when the device cannot keep copies', async () => {
    onlineManager.setOnline(false)
    mount()
    await write({ idempotencyKey: 'k1' })
    await settle()
    expect(client.getMutationCache().getAll()[0]!.state.isPaused).toBe(true)
    // paused, but a reload would lose it yet: not counted as waiting
    expect(banner()).toBeNull()
    await keepOnDevice({ idempotencyKey: 'k1' })
    expect(banner()?.textContent).toBe('1 项更改等待发送')
    // another write's copy does not count this one
    await keepOnDevice({ idempotencyKey: 'other' })
    expect(banner()).toBeNull()
    await act(() => deviceCopy.set({ kept: [], failing: true }))
    expect(banner()?.textContent).toBe('1 项更改等待发送')
  })

  it('a write queued offline counts while it is being sent, until the server answers', async () => {
    mount()
    let answer!: (v: unknown) => void
    await write(
      { idempotencyKey: 'k2', queuedOffline: true },
      () => new Promise((resolve) => (answer = resolve)),
    )
    await settle()
    expect(banner()?.textContent).toBe('1 项更改等待发送')
    await act(async () => answer('saved'))
    await settle()
    expect(banner()).toBeNull()
  })

  it('names a queued write the server refused, until the user discards it; a refused online write is left to its form', async () => {
    mount()
    await write({ idempotencyKey: 'k3', queuedOffline: true }, () =>
      Promise.reject(new Error('订单号已存在')),
    )
    await write({ idempotencyKey: 'k4', queuedOffline: true }, () => Promise.reject('无权限'))
    await write({ idempotencyKey: 'k5', queuedOffline: false }, () =>
      Promise.reject(new Error('online failure')),
    )
    await settle()
    const failed = [...document.querySelectorAll('.outbox-failed')].map((p) => p.textContent)
    expect(failed).toEqual(['未保存：订单号已存在放弃', '未保存：无权限放弃'])
    expect(client.getMutationCache().getAll()).toHaveLength(3)

    // refusals only: no count of waiting writes
    expect(banner()?.textContent).not.toMatch(/等待发送/)

    // the second one: the other refusal stays, in the banner and in the cache
    fireEvent.click(screen.getAllByRole('button', { name: '放弃' })[1]!)
    await settle()
    expect([...document.querySelectorAll('.outbox-failed')].map((p) => p.textContent)).toEqual([
      '未保存：订单号已存在放弃',
    ])
    // the discarded write is gone from the cache too (a reload does not bring it back)
    expect(
      client
        .getMutationCache()
        .getAll()
        .map((m) => (m.state.variables as Vars).idempotencyKey),
    ).toEqual(['k3', 'k5'])

    fireEvent.click(screen.getByRole('button', { name: '放弃' }))
    await settle()
    expect(banner()).toBeNull()
  })

  it('keeps the code of a server failure in a refused queued write (SPEC §8 "500: message")', async () => {
    mount()
    await write({ idempotencyKey: 'k6', queuedOffline: true }, () =>
      Promise.reject(new ApiError(500, '服务器内部错误')),
    )
    await settle()
    expect([...document.querySelectorAll('.outbox-failed')].map((p) => p.textContent)).toEqual([
      '未保存：500: 服务器内部错误放弃',
    ])
  })

  it('passes over writes made without variables (sent online, or refused online)', async () => {
    mount()
    await write(undefined as never)
    await write(undefined as never, () => Promise.reject(new Error('online failure')))
    await settle()
    expect(
      client
        .getMutationCache()
        .getAll()
        .map((m) => m.state.status),
    ).toEqual(['pending', 'error'])
    expect(banner()).toBeNull()
  })
})
