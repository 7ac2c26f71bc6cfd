/**
 * The parse supervisor's entry: a small process of its own, started once by `parse-in-worker.ts`,
 * that starts one parse-worker process per spreadsheet with its heap limit, time limit and low
 * priority, and answers the server with the worker's result or why there is none. Forking from
 * the server itself holds the server's event loop while the kernel copies its page tables (20-30
 * ms at 300 MB resident): this process stays small, so its forks cost the server nothing. The
 * build bundles it as dist-server/parse-supervisor.js.
 */
import { fork, type ChildProcess } from 'node:child_process'
import os from 'node:os'
import {
  partRows,
  type ParseJob,
  type PartReceipt,
  type SupervisorAnswer,
} from './parse-protocol.ts'

/** Scheduling priority of a parse process (nice: 0 normal, 19 lowest). */
const workerNice = 10
const workers = new Set<ChildProcess>()

/** A worker process on `entry`, its heap capped, with the environment this process was given. */
function startWorker(entry: string, heapMb: number): ChildProcess {
  const child = fork(entry, [], {
    execArgv: [`--max-old-space-size=${heapMb}`],
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
  workers.add(child)
  child.once('exit', () => workers.delete(child))
  return child
}

function run(job: ParseJob): Promise<Omit<SupervisorAnswer, 'id'>> {
  return new Promise((resolve) => {
    let done = false
    const settle = (a: Omit<SupervisorAnswer, 'id'>) => {
      if (done) return
      done = true
      clearTimeout(timer)
      resolve(a)
    }
    let child: ChildProcess
    try {
      child = startWorker(job.entry, job.heapMb)
    } catch (e) {
      return settle({ failure: 'stopped', detail: String(e) })
    }
    const timer = setTimeout(() => {
      settle({ failure: 'tooSlow' })
      child.kill('SIGKILL')
    }, job.timeoutMs)
    child.once('message', (answer: SupervisorAnswer['answer']) => {
      settle({ answer })
      // the worker ends by itself once its answer is sent; a closed channel ends it too
      if (child.connected) child.disconnect()
    })
    child.once('error', (e) => {
      settle({ failure: 'stopped', detail: String(e) })
      child.kill('SIGKILL')
    })
    // V8 aborts a process past its heap limit (SIGABRT, or exit code 134 through a shell)
    child.once('exit', (code, signal) =>
      settle(
        signal === 'SIGABRT' || code === 134
          ? { failure: 'tooComplex' }
          : { failure: 'stopped', detail: String(signal ?? code) },
      ),
    )
    child.send(
      { file: job.file },
      (err) => err && settle({ failure: 'stopped', detail: String(err) }),
    )
  })
}

// the server gone: its parses are nobody's any more
process.on('disconnect', () => {
  for (const w of workers) w.kill('SIGKILL')
  process.exit(0)
})
/** The server's receipt of the part last sent for a job, awaited before the next. */
const receipts = new Map<number, () => void>()
const received = (id: number) => new Promise<void>((resolve) => receipts.set(id, resolve))

async function answer(job: ParseJob, a: Omit<SupervisorAnswer, 'id'>) {
  const cells = a.answer?.ok ? a.answer.cells : undefined
  if (cells && cells.rows.length > partRows) {
    for (let i = 0; i < cells.rows.length; i += partRows) {
      const receipt = received(job.id)
      process.send?.({ id: job.id, part: cells.rows.slice(i, i + partRows) })
      await receipt
    }
    a = { ...a, answer: { ok: true, cells: { ...cells, rows: [] } } }
  }
  process.send?.({ id: job.id, ...a })
}

process.on('message', (m: ParseJob | PartReceipt) => {
  if ('received' in m) {
    receipts.get(m.received)?.()
    receipts.delete(m.received)
    return
  }
  void run(m).then((a) => answer(m, a))
})
