import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Notice } from '#shared/contract/notices'
import {
  NoticeSocket,
  reconnectBaseMs,
  reconnectCapMs,
  reconnectDelay,
  socketConnectingRetryMs,
  socketPingMs,
  type NoticeSocketOptions,
} from '#client/features/notices/realtime'
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

const notice: Notice = {
  Id: 7,
  Msg: 'Order A-1 passed audit',
  CreateTimeString: '2025-01-02T03:04:05.000Z',
  IsRead: false,
  CreateType: 2,
  OrderId: 3,
  OrderNo: 'A-1',
}

let token: string | undefined
/** the socket tests' jitter: the top of each window, so attempt n waits min(cap, base * 2^n) - 1 ms */
const top = 0.999999
const wait = (attempt: number) => reconnectDelay(attempt, () => top)
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
    random: () => top,
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
    expect(noticeSocketUrl('en', 'https://erp.example.com')).toBe(
      'wss://erp.example.com/ws?lang=en',
    )
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

  it('reconnects after a jittered delay, then refetches on ready', () => {
    const { socket, calls } = makeSocket()
    socket.start()
    last().open()
    last().receive({ type: 'ready' })
    last().drop()
    vi.advanceTimersByTime(wait(0) - 1)
    expect(FakeSocket.all).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(FakeSocket.all).toHaveLength(2)
    last().open()
    expect(last().sent[0]).toEqual({ type: 'auth', token: 'tok-1' })
    last().receive({ type: 'ready' })
    expect(calls.ready).toBe(2)
    socket.stop()
  })

  it('backs off while the server cannot be reached, and starts over once it accepts a socket', () => {
    const { socket } = makeSocket()
    socket.start()
    const times: number[] = []
    for (let i = 0; i < 8; i++) {
      last().drop()
      const before = FakeSocket.all.length
      let waited = 0
      while (FakeSocket.all.length === before) {
        vi.advanceTimersByTime(100)
        waited += 100
      }
      times.push(waited)
    }
    // about 1, 2, 4, 8, 16 s, then never more than the 30 s cap
    expect(times).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000])
    last().open()
    last().receive({ type: 'ready' })
    last().drop()
    vi.advanceTimersByTime(wait(0))
    expect(FakeSocket.all).toHaveLength(10)
    socket.stop()
  })

  it('spreads reconnect delays (full jitter) and keeps them within [0, min(30 s, 1 s * 2^n))', () => {
    // a seeded generator: 1,000 tabs that lost the same server at the same moment
    let seed = 42
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed / 2 ** 31
    }
    for (const attempt of [0, 1, 3, 5, 8, 20, 100]) {
      const ceiling = Math.min(reconnectCapMs, reconnectBaseMs * 2 ** attempt)
      const delays = Array.from({ length: 1000 }, () => reconnectDelay(attempt, random))
      for (const d of delays) {
        expect(d).toBeGreaterThanOrEqual(0)
        expect(d).toBeLessThan(ceiling)
      }
      // spread: the tabs are not bunched; every tenth of the window gets some of them
      const buckets = new Set(delays.map((d) => Math.floor((d / ceiling) * 10)))
      expect(buckets.size).toBe(10)
      expect(new Set(delays).size).toBeGreaterThan(ceiling >= 1000 ? 500 : 0)
    }
    expect(reconnectDelay(0, () => 0)).toBe(0)
    expect(reconnectDelay(1000, () => 0.999999)).toBeLessThan(reconnectCapMs)
    expect(reconnectCapMs).toBe(30_000)
    expect(reconnectBaseMs).toBe(1000)
  })

  it('does not reconnect after a close caused by logout', () => {
    const { socket } = makeSocket()
    socket.start()
    last().open()
    socket.stop()
    expect(last().closedWith?.[0]).toBe(1000)
    vi.advanceTimersByTime(reconnectCapMs * 10)
    expect(FakeSocket.all).toHaveLength(1)
  })

  it('does not reconnect when the token is gone (signed out elsewhere)', () => {
    const { socket } = makeSocket()
    socket.start()
    last().open()
    token = undefined
    last().drop()
    vi.advanceTimersByTime(reconnectCapMs * 10)
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

  it('a refusal that the API call does not cure waits at least 1 s instead of looping', async () => {
    const { socket, calls } = makeSocket({ random: () => 0 })
    socket.start()
    last().open()
    last().receive({ type: 'error', code: 401, msg: 'no' })
    last().drop(4401)
    await vi.advanceTimersByTimeAsync(0)
    expect(calls.check).toBe(1)
    await vi.advanceTimersByTimeAsync(reconnectBaseMs - 1)
    expect(FakeSocket.all).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(FakeSocket.all).toHaveLength(2)
    socket.stop()
  })
})
