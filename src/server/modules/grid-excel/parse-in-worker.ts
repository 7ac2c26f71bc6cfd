import { fork, type ChildProcess } from 'node:child_process'
import os from 'node:os'
import { Code } from '#shared/contract/codes'
import { AppError } from '../../errors.ts'
import type { CellSource } from './read-sheet.ts'
import { cellSource, type ParseAnswer } from './sheet-cells.ts'
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

/** Scheduling priority of a parse process (nice: 0 normal, 19 lowest). */
const workerNice = 10

/**
 * A worker process on `entry`, its heap capped, at a lower priority than the server, with only
 * the environment it needs (none of the server's secrets).
 */
function startWorker(entry: string, heapMb: number): ChildProcess {
  const execArgv = [`--max-old-space-size=${heapMb}`]
  const env: Record<string, string> = {}
  for (const k of ['PATH', 'NODE_ENV', 'TZ'])
    if (process.env[k] !== undefined) env[k] = process.env[k]
  const child = fork(entry, [], {
    execArgv,
    env,
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  })
  // background work: the server's own requests come first when both want the CPU
  if (child.pid !== undefined) {
    try {
      os.setPriority(child.pid, workerNice)
    } catch {
      // a system that refuses it runs the parse at normal priority
    }
  }
  return child
}

/**
 * Reads the first worksheet of an .xlsx or .xls in a worker process (`parse-worker.ts`) with a
 * heap limit and a time limit, so that no file can exhaust the server's memory or hold its
 * event loop: a parse over its time is killed (`importTooSlow`), one over its heap ends its own
 * process only (`importTooComplex`), both clear 400 answers. A process rather than a worker
 * thread: a thread that reaches its heap limit in one large allocation aborts the whole server
 * (nodejs/node#47224). At most `maxRunning` parses run at once; a few more wait, beyond that
 * the import is refused as busy (429).
 */
export async function parseInWorker(file: Buffer, limits: ParseLimits): Promise<CellSource> {
  const entry = await workerEntry()
  await takeSlot()
  let child: ChildProcess
  try {
    child = startWorker(entry, limits.heapMb)
  } catch (e) {
    giveSlot()
    throw e
  }
  // the slot is free once the process is gone, or when it never started (no 'exit' follows)
  let freed = false
  const free = () => {
    if (freed) return
    freed = true
    giveSlot()
  }
  child.once('exit', free)
  child.once('error', () => child.pid === undefined && free())
  const answer = await new Promise<ParseAnswer>((resolve, reject) => {
    let done = false
    const settle = (f: () => void) => {
      if (done) return
      done = true
      clearTimeout(timer)
      f()
    }
    const timer = setTimeout(() => {
      settle(() =>
        reject(
          new AppError(Code.badRequest, 'importTooSlow', undefined, {
            seconds: Math.ceil(limits.timeoutMs / 1000),
          }),
        ),
      )
      child.kill('SIGKILL')
    }, limits.timeoutMs)
    child.once('message', (m: ParseAnswer) => {
      settle(() => resolve(m))
      // the worker ends by itself once its answer is sent; a closed channel ends it too
      if (child.connected) child.disconnect()
    })
    child.once('error', (e) => {
      settle(() => reject(e))
      child.kill('SIGKILL')
    })
    child.once('exit', (code, signal) =>
      // V8 aborts a process past its heap limit (SIGABRT, or exit code 134 through a shell)
      settle(() =>
        reject(
          signal === 'SIGABRT' || code === 134
            ? new AppError(Code.badRequest, 'importTooComplex')
            : new Error(`the parse worker stopped (${signal ?? code}) without an answer`),
        ),
      ),
    )
    child.send({ file: new Uint8Array(file.buffer, file.byteOffset, file.byteLength) }, (err) => {
      if (err) settle(() => reject(err))
    })
  })
  if (answer.ok) return cellSource(answer.cells)
  if (answer.code === undefined) throw new Error(`the parse worker failed: ${answer.error}`)
  throw new AppError(answer.code, answer.key, undefined, answer.params)
}
