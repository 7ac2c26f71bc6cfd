import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { can } from '#shared/acl'
import { Code } from '#shared/contract/codes'
import { historyListBody, historyListResponse, type HistoryEntry } from '#shared/contract/history'
import type { GridPermissions } from '#shared/grid-permissions'
import { userMayUseScreens } from '../../plugins/authenticate.ts'
import { AppError } from '../../errors.ts'
import { gridPermissionsOf } from '../orders/grid-access.ts'
import { findOperation } from '../post-common/registry.ts'
import { isDeleted, listHistory } from './history-query.ts'

/** Entries without the fields the user's grid permissions hide; an edit of hidden fields only is left out. */
function visibleEntries(entries: HistoryEntry[], perms: GridPermissions): HistoryEntry[] {
  if (perms.hiddenColumns.length === 0) return entries
  return entries.flatMap((e) => {
    const changes = e.Changes.filter((c) => perms.columnShown(c.field))
    if (
      changes.length === 0 &&
      e.Changes.length > 0 &&
      (e.Action === 'update' || e.Action === 'import')
    )
      return []
    return [{ ...e, Changes: changes }]
  })
}

/**
 * `POST {API_PREFIX}/History/GetList` `{recordType, recordId, pageSize?, before?}`: one record's
 * history. Allowed to whoever may make the record type's own save (`Save{Type}`: its
 * permission and screens; 403 otherwise); a deleted record's history to administrators only.
 * Fields hidden from the user's role (`column-{Field}-show-false`) are left out, old and new values alike.
 */
export async function getHistoryRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/History/GetList',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['history'],
        summary: "A record's history of changes, newest first",
        body: historyListBody,
        response: { 200: historyListResponse },
      },
    },
    async (req) => {
      const user = req.user!
      if (user.mustChangePassword) throw new AppError(Code.forbidden, 'mustChangePassword')
      const { recordType, recordId } = req.body
      const op = findOperation(`Save${recordType}`)
      const allowed =
        !!op &&
        op.permission !== 'signedIn' &&
        can(user.subject, op.permission) &&
        userMayUseScreens(user, op.menu)
      if (!allowed) throw new AppError(Code.forbidden, 'forbidden')
      const db = app.deps.db.db
      if (!user.subject.admin && (await isDeleted(db, recordType, recordId)))
        throw new AppError(Code.forbidden, 'forbidden')
      const page = await listHistory(db, req.body)
      return {
        code: Code.ok,
        msg: 'ok',
        data: {
          ...page,
          result: visibleEntries(page.result, await gridPermissionsOf(app.deps.db, user)),
        },
      }
    },
  )
}
