import type { ParseAnswer, SheetCells } from './sheet-cells.ts'

/** One parse the server asks the supervisor (`parse-supervisor.ts`) for. */
export type ParseJob = {
  id: number
  file: Uint8Array
  entry: string
  heapMb: number
  timeoutMs: number
}

/**
 * The supervisor's answer: the worker's, or why there is none (over time, over heap, stopped).
 * A sheet's rows come first in parts of `partRows` (`part`, in order), then the answer without
 * them: one message of 10,000 rows took the server's event loop 250-450 ms to read.
 */
export type SupervisorAnswer = {
  id: number
  part?: SheetCells['rows']
  answer?: ParseAnswer
  failure?: 'tooSlow' | 'tooComplex' | 'stopped'
  detail?: string
}

/**
 * The server's receipt of a part: the supervisor sends the next part only after it. Sent all at
 * once, the parts reached the server in one read of its pipe, which it parsed in one go (90-100
 * ms of its event loop for 10,000 rows); one at a time, each is read in a turn of its own.
 */
export type PartReceipt = { received: number }

/** Rows per part of an answer: about 10 ms of the server's time to read. */
export const partRows = 500
