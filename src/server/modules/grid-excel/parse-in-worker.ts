import { fork, type ChildProcess } from 'node:child_process'
import { Code } from '#shared/contract/codes'
import { AppError } from '../../errors.ts'
import type { ParseJob, PartReceipt, SupervisorAnswer } from './parse-protocol.ts'
import type { CellSource } from './read-sheet.ts'
import { cellSource, type SheetCells } from './sheet-cells.ts'
import { workerEntry } from './worker-entry.ts'

/** How long one parse may take and how much heap its worker may use. */
export type ParseLimits = { timeoutMs: number; heapMb: number }

/** Parses running at once (each a process of its own), and parses that may wait for one. */
const maxRunning = 2
const maxWaiting = 16
let running = 0
const waiting: (() => void)[] = []

async function takeSlot(): Promise<void> {
  if (running < maxRunning) {
    running++
    return
  }
  if (waiting.length >= maxWaiting) throw new AppError(Code.tooManyRequests, 'importBusy')
  // the slot is handed over by `giveSlot`, so `running` stays counted
  await new Promise<void>((resolve) => waiting.push(resolve))
}

function giveSlot(): void {
  const next = waiting.shift()
  if (next) next()
  else running--
}

type Pending = (a: Omit<SupervisorAnswer, 'id'>) => void
let supervisor: ChildProcess | undefined
const pending = new Map<number, Pending>()
const parts = new Map<number, SheetCells['rows'][]>()
let lastId = 0

/**
 * The supervisor process (`parse-supervisor.ts`), started on first use (or by
 * `startParseSupervisor` once the server listens) with only the environment a parse needs (none
 * of the server's secrets). It does not keep the server running, and ends with it.
 */
async function theSupervisor(): Promise<ChildProcess> {
  if (supervisor?.connected) return supervisor
  const entry = await workerEntry('parse-supervisor')
  if (supervisor?.connected) return supervisor
  const env: Record<string, string> = {}
  for (const k of ['PATH', 'NODE_ENV', 'TZ'])
    if (process.env[k] !== undefined) env[k] = process.env[k]
  const child = fork(entry, [], {
    env,
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  })
  child.unref()
  child.channel?.unref()
  child.on('message', (a: SupervisorAnswer) => {
    // a part of a sheet's rows: kept until the answer that ends them (parse-protocol.ts)
    if (a.part) {
      // the receipt asks for the next part, also of a parse nobody waits for any more
      child.send({ received: a.id } satisfies PartReceipt)
      if (!pending.has(a.id)) return
      const kept = parts.get(a.id)
      if (kept) kept.push(a.part)
      else parts.set(a.id, [a.part])
      return
    }
    const rows = parts.get(a.id)
    parts.delete(a.id)
    if (rows && a.answer?.ok) a.answer.cells.rows = rows.flat()
    pending.get(a.id)?.(a)
    pending.delete(a.id)
  })
  const gone = (why: string) => {
    if (supervisor === child) supervisor = undefined
    for (const [id, settle] of pending) {
      settle({ failure: 'stopped', detail: why })
      pending.delete(id)
      parts.delete(id)
    }
  }
  child.once('exit', (code, signal) => gone(`the parse supervisor stopped (${signal ?? code})`))
  child.once('error', (e) => gone(String(e)))
  supervisor = child
  return child
}

/** Starts the parse supervisor ahead of the first import (the server's start calls it). */
export function startParseSupervisor(): void {
  void theSupervisor().catch(() => {})
}

/**
 * Reads the first worksheet of an .xlsx or .xls in a worker process (`parse-worker.ts`, started
 * by the supervisor) with a heap limit and a time limit, so that no file can exhaust the server's
 * memory or hold its event loop: a parse over its time is killed (`importTooSlow`), one over its
 * heap ends its own process only (`importTooComplex`), both clear 400 answers. A process rather
 * than a worker thread: a thread that reaches its heap limit in one large allocation aborts the
 * whole server (nodejs/node#47224). At most `maxRunning` parses run at once; a few more wait,
 * beyond that the import is refused as busy (429).
 */
export async function parseInWorker(file: Buffer, limits: ParseLimits): Promise<CellSource> {
  const entry = await workerEntry()
  await takeSlot()
  let result: Omit<SupervisorAnswer, 'id'>
  try {
    const child = await theSupervisor()
    const id = ++lastId
    result = await new Promise((resolve) => {
      // the supervisor enforces the time limit; this one only covers a supervisor that hangs
      const guard = setTimeout(() => settle({ failure: 'tooSlow' }), limits.timeoutMs + 5_000)
      const settle: Pending = (a) => {
        clearTimeout(guard)
        pending.delete(id)
        parts.delete(id)
        resolve(a)
      }
      pending.set(id, settle)
      const job: ParseJob = {
        id,
        file: new Uint8Array(file.buffer, file.byteOffset, file.byteLength),
        entry,
        ...limits,
      }
      child.send(job, (err) => err && settle({ failure: 'stopped', detail: String(err) }))
    })
  } finally {
    giveSlot()
  }
  if (result.failure === 'tooSlow')
    throw new AppError(Code.badRequest, 'importTooSlow', undefined, {
      seconds: Math.ceil(limits.timeoutMs / 1000),
    })
  if (result.failure === 'tooComplex') throw new AppError(Code.badRequest, 'importTooComplex')
  const answer = result.answer
  if (!answer) throw new Error(`the parse worker stopped without an answer: ${result.detail ?? ''}`)
  if (answer.ok) return cellSource(answer.cells)
  if (answer.code === undefined) throw new Error(`the parse worker failed: ${answer.error}`)
  throw new AppError(answer.code, answer.key, undefined, answer.params)
}
