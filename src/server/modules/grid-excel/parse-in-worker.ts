import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { Code } from '#shared/contract/codes'
import { AppError } from '../../errors.ts'
import type { CellSource } from './read-sheet.ts'
import { cellSource, type ParseAnswer } from './sheet-cells.ts'

/** How long one parse may take and how much heap its worker may use. */
export type ParseLimits = { timeoutMs: number; heapMb: number }

/** Parses running at once (each a worker thread with its own heap), and parses that may wait for one. */
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

const here = import.meta.url
const ext = path.extname(new URL(here).pathname)
/** The worker's entry beside this module: the .ts source under tsx and tests, the bundled .js in dist-server. */
const entry = new URL(`./parse-worker${ext}`, here)

/** A worker on the entry; from TypeScript sources through tsx's loader (the worker does not inherit it). */
function startWorker(file: Buffer, heapMb: number): Worker {
  const options = { workerData: { file: new Uint8Array(file) }, resourceLimits: { maxOldGenerationSizeMb: heapMb } }
  if (ext !== '.ts') return new Worker(entry, options)
  // tsx's ES module API (its CommonJS twin beside it registers paths that do not exist)
  const tsx = pathToFileURL(createRequire(here).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href
  const code = `import(${JSON.stringify(tsx)}).then((m) => m.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(here)}))`
  return new Worker(code, { ...options, eval: true })
}

/**
 * Reads the first worksheet of an .xlsx or .xls in a worker thread (`parse-worker.ts`) with a
 * heap limit and a time limit, so that no file can exhaust the server's memory or hold its
 * event loop: a parse over its time is stopped (`importTooSlow`), one over its heap ends its
 * worker only (`importTooComplex`), both clear 400 answers. At most `maxRunning` parses run at
 * once; a few more wait, beyond that the import is refused as busy (429).
 */
export async function parseInWorker(file: Buffer, limits: ParseLimits): Promise<CellSource> {
  await takeSlot()
  let worker: Worker
  try {
    worker = startWorker(file, limits.heapMb)
  } catch (e) {
    giveSlot()
    throw e
  }
  worker.once('exit', giveSlot)
  const answer = await new Promise<ParseAnswer>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new AppError(Code.badRequest, 'importTooSlow', undefined, { seconds: Math.ceil(limits.timeoutMs / 1000) }))
      void worker.terminate()
    }, limits.timeoutMs)
    const settle = () => clearTimeout(timer)
    worker.once('message', (m: ParseAnswer) => {
      settle()
      resolve(m)
      void worker.terminate()
    })
    worker.once('error', (e: Error & { code?: string }) => {
      settle()
      reject(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError(Code.badRequest, 'importTooComplex') : e)
    })
    worker.once('exit', (code) => {
      settle()
      reject(new Error(`the parse worker stopped (exit code ${code}) without an answer`))
    })
  })
  if (answer.ok) return cellSource(answer.cells)
  if (answer.code === undefined) throw new Error(`the parse worker failed: ${answer.error}`)
  throw new AppError(answer.code, answer.key, undefined, answer.params)
}
