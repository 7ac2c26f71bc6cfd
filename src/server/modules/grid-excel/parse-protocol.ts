import type { ParseAnswer } from './sheet-cells.ts'

/** One parse the server asks the supervisor (`parse-supervisor.ts`) for. */
export type ParseJob = {
  id: number
  file: Uint8Array
  entry: string
  heapMb: number
  timeoutMs: number
}

/** The supervisor's answer: the worker's, or why there is none (over time, over heap, stopped). */
export type SupervisorAnswer = {
  id: number
  answer?: ParseAnswer
  failure?: 'tooSlow' | 'tooComplex' | 'stopped'
  detail?: string
}
