import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Notice } from '#shared/contract/notices'
import { NoticeSocket, socketConnectingRetryMs, socketPingMs, socketReconnectMs, type NoticeSocketOptions } from '#client/features/notices/realtime'
import { noticeSocketUrl } from '#client/features/notices/use-notice-socket'

/** A WebSocket stand-in the test drives: open, receive, close. */
class FakeSocket {
  static all: FakeSocket[] = []
  readyState = 0
  sent: unknown[] = []
  closedWith: [number?, string?] | undefined
  onopen: (() => void) | null = null
  onmessage: ((e: { data: string }) => void) | null = null
  onclose: ((e: { code: number }) => void) | null = null
  onerror: (() => void) | null = null
  constructor(readonly url: string) {
    FakeSocket.all.push(this)
  }
  send(data: string) {
    if (this.readyState !== 1) throw new Error('send while not open')
    this.sent.push(JSON.parse(data))
  }
  close(code?: number, reason?: string) {
    this.closedWith = [code, reason]
    this.readyState = 3
    this.onclose?.({ code: code ?? 1005 })
  }
  // test controls
  open() {
    this.readyState = 1
    this.onopen?.()
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) })
  }
  drop(code = 1006) {
    this.readyState = 3
    this.onclose?.({ code })
  }
}

const notice: Notice = { Id: 7, Msg: 'Order A-1 passed audit', CreateTimeString: '2025-01-02T03:04:05.000Z', IsRead: false, CreateType: 2, OrderId: 3, OrderNo: 'A-1' }

let token: string | undefined
function makeSocket(over: Partial<NoticeSocketOptions> = {}) {
  const calls = { notices: [] as Notice[], ready: 0, check: 0 }
  const socket = new NoticeSocket({
    url: 'ws://localhost:3000/ws?lang=en',
    token: () => token,
    onNotice: (n) => calls.notices.push(n),
    onReady: () => calls.ready++,
    checkSession: async () => {
      calls.check++
    },
    WebSocket: FakeSocket as unknown as NoticeSocketOptions['WebSocket'],
    ...over,
  })
  return { socket, calls }
}
const last = () => FakeSocket.all.at(-1)!

beforeEach(() => {
  vi.useFakeTimers()
  FakeSocket.all = []
  token = 'tok-1'
})
afterEach(() => {
  vi.useRealTimers()
})

describe('notice socket (SPEC §4, §9)', () => {
  it('connects to /ws with the language and sends the auth message first, on open', () => {
    const { socket } = makeSocket()
    socket.start()
    expect(FakeSocket.all).toHaveLength(1)
    expect(last().url).toBe('ws://localhost:3000/ws?lang=en')
    expect(last().sent).toEqual([])
    last().open()
    expect(last().sent).toEqual([{ type: 'auth', token: 'tok-1' }])
    socket.stop()
  })

  it('builds the socket address from the page origin', () => {
    expect(noticeSocketUrl('zh', 'http://localhost:3000')).toBe('ws://localhost:3000/ws?lang=zh')
    expect(noticeSocketUrl('en', 'https://erp.example.com')).toBe('wss://erp.example.com/ws?lang=en')
  })

  it('pings every 30 minutes once open', () => {
    const { socket } = makeSocket()
    socket.start()
    last().open()
    vi.advanceTimersByTime(socketPingMs - 1)
    expect(last().sent).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(last().sent.at(-1)).toEqual({ type: 'ping' })
    vi.advanceTimersByTime(socketPingMs)
    expect(last().sent.filter((m) => (m as { type: string }).type === 'ping')).toHaveLength(2)
    expect(socketPingMs).toBe(1_800_000)
    socket.stop()
  })

  it('calls back on ready (refetch after connect) and on every notice push', () => {
    const { socket, calls } = makeSocket()
    socket.start()
    last().open()
    last().receive({ type: 'ready' })
    last().receive({ type: 'notice', notice, sentAt: Date.now() })
    last().receive({ type: 'notice', notice: { ...notice, Id: 8 } })
    last().receive({ type: 'nonsense' })
    expect(calls.ready).toBe(1)
    expect(calls.notices.map((n) => n.Id)).toEqual([7, 8])
    socket.stop()
  })

  it('reconnects 8 s after an unexpected close, then refetches on ready', () => {
    const { socket, calls } = makeSocket()
    socket.start()
    last().open()
    last().receive({ type: 'ready' })
    last().drop()
    vi.advanceTimersByTime(socketReconnectMs - 1)
    expect(FakeSocket.all).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(FakeSocket.all).toHaveLength(2)
    last().open()
    expect(last().sent[0]).toEqual({ type: 'auth', token: 'tok-1' })
    last().receive({ type: 'ready' })
    expect(calls.ready).toBe(2)
    expect(socketReconnectMs).toBe(8000)
    socket.stop()
  })

  it('keeps trying every 8 s while the server cannot be reached', () => {
    const { socket } = makeSocket()
    socket.start()
    last().drop()
    vi.advanceTimersByTime(socketReconnectMs)
    last().drop()
    vi.advanceTimersByTime(socketReconnectMs)
    expect(FakeSocket.all).toHaveLength(3)
    socket.stop()
  })

  it('does not reconnect after a close caused by logout', () => {
    const { socket } = makeSocket()
    socket.start()
    last().open()
    socket.stop()
    expect(last().closedWith?.[0]).toBe(1000)
    vi.advanceTimersByTime(socketReconnectMs * 10)
    expect(FakeSocket.all).toHaveLength(1)
  })

  it('does not reconnect when the token is gone (signed out elsewhere)', () => {
    const { socket } = makeSocket()
    socket.start()
    last().open()
    token = undefined
    last().drop()
    vi.advanceTimersByTime(socketReconnectMs * 10)
    expect(FakeSocket.all).toHaveLength(1)
    socket.stop()
  })

  it('retries a send after 1000 ms while the socket is still connecting', () => {
    const { socket } = makeSocket()
    socket.start()
    socket.send({ type: 'ping' })
    vi.advanceTimersByTime(socketConnectingRetryMs)
    expect(last().sent).toEqual([])
    last().readyState = 1 // open, before its open event reaches us
    vi.advanceTimersByTime(socketConnectingRetryMs - 1)
    expect(last().sent).toEqual([])
    vi.advanceTimersByTime(1)
    expect(last().sent).toEqual([{ type: 'ping' }])
    expect(socketConnectingRetryMs).toBe(1000)
    socket.stop()
  })

  it('on an expired token (10001) makes a normal API call to refresh it, then reconnects with the new token', async () => {
    const { socket, calls } = makeSocket({
      checkSession: async () => {
        calls.check++
        token = 'tok-2'
      },
    })
    socket.start()
    last().open()
    last().receive({ type: 'error', code: 10001, msg: 'expired' })
    last().drop(4401)
    await vi.advanceTimersByTimeAsync(0)
    expect(calls.check).toBe(1)
    expect(FakeSocket.all).toHaveLength(2)
    last().open()
    expect(last().sent[0]).toEqual({ type: 'auth', token: 'tok-2' })
    socket.stop()
  })

  it('a refusal that the API call does not cure waits 8 s instead of looping', async () => {
    const { socket, calls } = makeSocket()
    socket.start()
    last().open()
    last().receive({ type: 'error', code: 401, msg: 'no' })
    last().drop(4401)
    await vi.advanceTimersByTimeAsync(0)
    expect(calls.check).toBe(1)
    expect(FakeSocket.all).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(socketReconnectMs)
    expect(FakeSocket.all).toHaveLength(2)
    socket.stop()
  })
})
