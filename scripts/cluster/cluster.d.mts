export const root: string
export const nginxBin: string
export function freePort(): Promise<number>
export function waitReady(url: string, ms?: number, exited?: () => boolean): Promise<void>
export function startPostgres(): Promise<{ url: string; stop: () => void }>
export type Instance = {
  name: string
  port: number
  url: string
  pid: number | undefined
  output: string[]
  exited: Promise<number | string>
  ready: (ms?: number) => Promise<number>
  stop: (signal?: NodeJS.Signals) => Promise<number | string>
}
export function startInstance(o: {
  name: string
  databaseUrl?: string
  env?: Record<string, string>
  onLine?: (line: string) => void
  detached?: boolean
}): Promise<Instance>
export function startNginx(o: {
  ports: number[]
  port?: number
  detached?: boolean
}): Promise<{ url: string; port: number; stop: () => Promise<void> }>
export function selfSignedCertificate(dir: string): { key: string; cert: string; pem: string }
export function startProductionNginx(o: {
  ports: number[]
}): Promise<{ url: string; httpUrl: string; port: number; ca: string; stop: () => Promise<void> }>
