import { deviceCopy } from './query-persister.ts'

/** The variables of a write that may wait in the outbox: its key makes a replay apply once. */
type Queueable = { idempotencyKey: string; queuedOffline?: boolean }

export type SentOrQueued<R> = { queued: false; data: R } | { queued: true }

/** Settles once the device's copy holds the change with this key, the storage refuses writes, or the change was answered. */
function keptOrAnswered(key: string, answered: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    let stop = () => {}
    const done = () => {
      stop()
      resolve()
    }
    const check = () => {
      const { kept, failing } = deviceCopy.get()
      if (
        failing ||
        kept.some(
          (k) => (k.state.variables as Partial<Queueable> | undefined)?.idempotencyKey === key,
        )
      )
        done()
    }
    stop = deviceCopy.subscribe(check)
    answered.then(done, done)
    check()
  })
}

/**
 * Sends a write, or queues it in the outbox when offline (DESIGN §6). Queued, it resolves once
 * the change is kept on this device, so "will be sent" is only said of a change a reload keeps;
 * a rejection after the replay is reported by the outbox, not here.
 */
export async function sendOrQueue<V extends Queueable, R>(
  mutateAsync: (variables: V) => Promise<R>,
  variables: Omit<V, 'queuedOffline'>,
): Promise<SentOrQueued<R>> {
  const queuedOffline = !navigator.onLine
  const sending = mutateAsync({ ...variables, queuedOffline } as V)
  if (!queuedOffline) return { queued: false, data: await sending }
  await keptOrAnswered(variables.idempotencyKey, sending)
  return { queued: true }
}
