import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { NoticeSocket, type NoticeSocketOptions } from '#client/features/notices/realtime'
import { publishVersion, useRecordVersions } from '#client/lib/record-versions'

/** A WebSocket stand-in: opened, then fed messages. */
class FakeSocket {
  static last: FakeSocket | undefined
  onopen: (() => void) | null = null
  onmessage: ((e: { data: string }) => void) | null = null
  onclose: (() => void) | null = null
  readyState = 0
  constructor(readonly url: string) {
    FakeSocket.last = this
  }
  send() {}
  close() {}
}

describe('"record X is now version N" on the realtime channel', () => {
  it('reaches the open screens of that record type only, and stops when they close', () => {
    const socket = new NoticeSocket({
      url: 'ws://localhost/ws',
      token: () => 't',
      onNotice: () => {},
      onReady: () => {},
      checkSession: async () => {},
      onVersion: publishVersion,
      WebSocket: FakeSocket as unknown as NoticeSocketOptions['WebSocket'],
    })
    socket.start()
    const ws = FakeSocket.last!
    ws.readyState = 1
    ws.onopen?.()
    const orders = vi.fn()
    const news = vi.fn()
    const grid = renderHook(() => useRecordVersions('Order', orders))
    renderHook(() => useRecordVersions('News', news))
    const say = (m: unknown) => ws.onmessage?.({ data: JSON.stringify(m) })
    say({ type: 'version', recordType: 'Order', Id: 7, RowVersion: 4 })
    say({ type: 'version', recordType: 'Order', Id: 'x' })
    say({ type: 'version', recordType: 'News', Id: 3, RowVersion: 2, deleted: true })
    expect(orders.mock.calls).toEqual([
      [{ type: 'version', recordType: 'Order', Id: 7, RowVersion: 4 }],
    ])
    expect(news).toHaveBeenCalledWith({
      type: 'version',
      recordType: 'News',
      Id: 3,
      RowVersion: 2,
      deleted: true,
    })
    grid.unmount()
    say({ type: 'version', recordType: 'Order', Id: 8, RowVersion: 1 })
    expect(orders).toHaveBeenCalledTimes(1)
    socket.stop()
  })
})
