import { Code } from '#shared/contract/codes'
import { wsServerMessage, type Notice } from '#shared/contract/notices'
import type { VersionMessage } from '#shared/contract/row-version'

/** SPEC §9: socket ping every 1,800,000 ms (30 minutes). */
export const socketPingMs = 1_800_000
/**
 * Reconnect delays (deviation from SPEC §9's fixed 8000 ms): exponential backoff with
 * full jitter, so tabs that lost the server together (a restart) do not come back together.
 * Attempt n waits a random time in [0, min(cap, base * 2^n)); a socket the server accepted
 * (`ready`) starts over at attempt 0.
 */
export const reconnectBaseMs = 1000
export const reconnectCapMs = 30_000

/** The wait before reconnect attempt `attempt` (0-based); `random` in [0, 1). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(reconnectCapMs, reconnectBaseMs * 2 ** Math.min(attempt, 30))
  return Math.floor(random() * ceiling)
}
/** SPEC §9: a send while the socket is still connecting is retried after 1000 ms. */
export const socketConnectingRetryMs = 1000

/** `versionMessage` of the contract, checked by hand: the staff shell carries this file. */
const isVersionMessage = (v: unknown): v is VersionMessage => {
  const m = v as Partial<VersionMessage> | null
  return (
    typeof m === 'object' &&
    m !== null &&
    m.type === 'version' &&
    typeof m.recordType === 'string' &&
    (typeof m.Id === 'number' || typeof m.Id === 'string') &&
    typeof m.RowVersion === 'number'
  )
}

const CONNECTING = 0
const OPEN = 1

type ClientMessage = { type: 'auth'; token: string } | { type: 'ping' }
type SocketClass = new (url: string) => WebSocket

export type NoticeSocketOptions = {
  /** `ws(s)://host/ws?lang=..`; the token never travels in the URL (DESIGN §4) */
  url: string
  token: () => string | undefined
  onNotice: (notice: Notice) => void
  /** a record someone saved is now at a new version */
  onVersion?: (m: VersionMessage) => void
  /** after every accepted (re)connect, so nothing pushed while disconnected is missed */
  onReady: () => void
  /**
   * The server refused the token (10001 expired, 401 revoked): make a normal API call, which
   * refreshes an expired token, or lets the app end a session that is gone.
   */
  checkSession: () => Promise<unknown>
  /** test seam */
  WebSocket?: SocketClass
  /** test seam: the jitter's random source, [0, 1) */
  random?: () => number
}

/**
 * The real-time notice connection (SPEC §4): sends `{type:'auth', token}` on open, then a ping
 * every 30 minutes; a notice push or a (re)connect calls back so the lists refetch. An
 * unexpected close reconnects after a growing, randomised delay (`reconnectDelay`); a refused
 * token is refreshed first; `stop()` (logout, unmount) and a removed token never reconnect.
 */
export class NoticeSocket {
  private ws: WebSocket | undefined
  private pingTimer: ReturnType<typeof setInterval> | undefined
  private readonly timers = new Set<ReturnType<typeof setTimeout>>()
  private stopped = true
  private refused = false
  /** reconnect attempts since the server last accepted a socket */
  private attempt = 0

  constructor(private readonly o: NoticeSocketOptions) {}

  start() {
    if (!this.stopped) return
    this.stopped = false
    this.connect()
  }

  /** Closes for good: a close caused by logout does not reconnect. */
  stop() {
    this.stopped = true
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
    this.stopPing()
    const ws = this.ws
    this.ws = undefined
    if (ws && (ws.readyState === CONNECTING || ws.readyState === OPEN)) ws.close(1000, 'logout')
  }

  /** Sends on the current socket; while it is still connecting, tries again after 1000 ms. */
  send(message: ClientMessage, ws = this.ws) {
    if (this.stopped || !ws || ws !== this.ws) return
    if (ws.readyState === CONNECTING)
      this.later(() => this.send(message, ws), socketConnectingRetryMs)
    else if (ws.readyState === OPEN) ws.send(JSON.stringify(message))
  }

  private later(fn: () => void, ms: number) {
    const t = setTimeout(() => {
      this.timers.delete(t)
      fn()
    }, ms)
    this.timers.add(t)
  }

  private stopPing() {
    if (this.pingTimer !== undefined) clearInterval(this.pingTimer)
    this.pingTimer = undefined
  }

  private connect() {
    if (this.stopped || this.ws) return
    const token = this.o.token()
    if (!token) return
    const Socket = this.o.WebSocket ?? WebSocket
    const ws = new Socket(this.o.url)
    this.ws = ws
    this.refused = false
    ws.onopen = () => {
      if (ws !== this.ws) return
      this.send({ type: 'auth', token: this.o.token() ?? token }, ws)
      this.stopPing()
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }, ws), socketPingMs)
    }
    ws.onmessage = (e: MessageEvent) => {
      if (ws === this.ws) this.receive(e.data)
    }
    ws.onclose = () => this.closed(ws, token)
  }

  private receive(data: unknown) {
    let parsed
    let json: unknown
    try {
      json = JSON.parse(String(data))
      parsed = wsServerMessage.safeParse(json)
    } catch {
      return
    }
    // "record X is now version N": the open screens refetch it (DESIGN §11)
    if (isVersionMessage(json)) return this.o.onVersion?.(json)
    if (!parsed.success) return
    const msg = parsed.data
    if (msg.type === 'ready') {
      this.attempt = 0
      this.o.onReady()
    } else if (msg.type === 'notice') this.o.onNotice(msg.notice)
    else if (
      msg.type === 'error' &&
      (msg.code === Code.tokenExpired || msg.code === Code.unauthorized)
    )
      this.refused = true
  }

  private closed(ws: WebSocket, tokenUsed: string) {
    if (ws !== this.ws) return
    this.ws = undefined
    this.stopPing()
    if (this.stopped || !this.o.token()) return
    if (!this.refused) {
      this.later(() => this.connect(), this.nextDelay())
      return
    }
    void this.o
      .checkSession()
      .catch(() => undefined)
      .then(() => {
        if (this.stopped) return
        const now = this.o.token()
        // a fresh token connects at once; the same token waits, so a refusal never loops fast
        if (now && now !== tokenUsed) this.connect()
        else if (now) this.later(() => this.connect(), Math.max(reconnectBaseMs, this.nextDelay()))
      })
  }

  private nextDelay() {
    return reconnectDelay(this.attempt++, this.o.random)
  }
}
