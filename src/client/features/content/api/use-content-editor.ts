import type { QueryKey } from '@tanstack/react-query'
import { contentPermission } from '#shared/permissions'
import { useCan } from '#client/features/auth/components/permission'
import { useContentSave } from './post-content-save.ts'
import { useTranslator } from './post-translate.ts'

/**
 * What every content editor screen needs: the right to edit (CONTENT ability), the translate
 * action, and its PostCommon save, which refreshes its staff list and the public reads.
 */
export function useContentEditor(postUrl: string, staffList: QueryKey) {
  const canEdit = useCan()(contentPermission)
  const translate = useTranslator()
  const { save } = useContentSave(postUrl, [staffList, ['site']])
  return { canEdit, translate, save }
}
