/**
 * Minimal types of the `ws` package (installed as a dependency of @fastify/websocket,
 * without @types/ws): only what the realtime hub, its tests and the bench use.
 * Shaped like @types/ws (`export =` a class merged with a namespace).
 */
/* eslint-disable @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars -- the
   class/namespace merge of @types/ws needs empty alias interfaces */
declare module 'ws' {
  import type { EventEmitter } from 'node:events'
  import type { IncomingMessage } from 'node:http'

  class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0
    static readonly OPEN: 1
    static readonly CLOSING: 2
    static readonly CLOSED: 3
    constructor(address: string, options?: WebSocket.ClientOptions)
    readonly readyState: 0 | 1 | 2 | 3
    readonly bufferedAmount: number
    send(data: string | Buffer, cb?: (err?: Error) => void): void
    ping(data?: string | Buffer, mask?: boolean, cb?: (err: Error) => void): void
    close(code?: number, reason?: string): void
    terminate(): void
    on(event: 'open' | 'pong' | 'ping', listener: () => void): this
    on(event: 'message', listener: (data: WebSocket.RawData, isBinary: boolean) => void): this
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this
    on(event: 'error', listener: (err: Error) => void): this
    on(event: 'unexpected-response', listener: (req: unknown, res: IncomingMessage) => void): this
    once(event: 'open' | 'pong' | 'ping', listener: () => void): this
    once(event: 'message', listener: (data: WebSocket.RawData, isBinary: boolean) => void): this
    once(event: 'close', listener: (code: number, reason: Buffer) => void): this
    once(event: 'error', listener: (err: Error) => void): this
    once(event: 'unexpected-response', listener: (req: unknown, res: IncomingMessage) => void): this
  }

  const WebSocketAlias: typeof WebSocket
  interface WebSocketAlias extends WebSocket {}

  namespace WebSocket {
    type RawData = Buffer | ArrayBuffer | Buffer[]
    interface ClientOptions {
      headers?: Record<string, string>
      origin?: string
      handshakeTimeout?: number
      maxPayload?: number
    }
    interface ServerOptions {
      maxPayload?: number
      perMessageDeflate?: boolean
      clientTracking?: boolean
      noServer?: boolean
    }
    class Server extends EventEmitter {
      constructor(options?: ServerOptions)
      readonly clients: Set<WebSocketAlias>
      close(cb?: (err?: Error) => void): void
    }
    const WebSocketServer: typeof Server
    interface WebSocketServer extends Server {}
    const WebSocket: typeof WebSocketAlias
    interface WebSocket extends WebSocketAlias {}
  }

  export = WebSocket
}
