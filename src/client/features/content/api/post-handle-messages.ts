import { visitorMessagesKey } from './get-visitor-messages.ts'
import { useContentSave } from './post-content-save.ts'

/**
 * Marks visitor messages handled (or not): PostCommon `SaveLeaving` updateRecords `{Id, Handled}`
 * (offline-ready like every content save); the dashboard's figure refreshes too.
 */
export function useHandleMessages() {
  const { save, isPending } = useContentSave('SaveLeaving', [visitorMessagesKey, ['dashboard', 'new-visitor-messages']])
  const handle = (ids: number[], handled: boolean) => save({ updateRecords: ids.map((Id) => ({ Id, Handled: handled })) })
  return { handle, isPending }
}
