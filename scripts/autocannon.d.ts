// The part of autocannon's API that bench-grid uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = {
    average: number
    p50: number
    p90: number
    p99: number
    max: number
    total: number
  }
  export type Result = {
    requests: Histogram
    latency: Histogram
    errors: number
    non2xx: number
    timeouts: number
  }
  export type Options = {
    url: string
    method?: string
    headers?: Record<string, string>
    body?: string
    connections?: number
    duration?: number
  }
  export default function autocannon(options: Options): Promise<Result>
}
