import { visitorMessagesKey } from './get-visitor-messages.ts'
import { useContentSave } from './post-content-save.ts'

/**
 * Visitor messages through PostCommon `SaveLeaving` (offline-ready like every content save; the
 * dashboard's figure refreshes too): mark handled (or not), write the reply/notes, delete spam.
 */
export function useHandleMessages() {
  const { save, isPending } = useContentSave('SaveLeaving', [
    visitorMessagesKey,
    ['dashboard', 'new-visitor-messages'],
  ])
  const handle = (ids: number[], handled: boolean) =>
    save({ updateRecords: ids.map((Id) => ({ Id, Handled: handled })) })
  const reply = (Id: number, Reply: string) => save({ updateRecords: [{ Id, Reply }] })
  const remove = (ids: number[]) => save({ removeRecords: ids.map((Id) => ({ Id })) })
  return { handle, reply, remove, isPending }
}
