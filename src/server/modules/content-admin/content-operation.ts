import type { z } from 'zod'
import { contentPermission } from '../../permissions.ts'
import { defineOperation, type OperationDef } from '../post-common/registry.ts'
import { bumpContentVersion } from '../content/content-version.ts'

type ContentDef<I extends z.ZodType, U extends z.ZodType, R extends z.ZodType> = Omit<
  OperationDef<I, U, R>,
  'permission'
>

/**
 * The one shape of every content save: a PostCommon operation with its own schemas,
 * the CONTENT ability, run in the request's transaction, and the public content's version stamp
 * changed in that same transaction so visitors' cached copies are dropped on their next load.
 */
export function defineContentOperation<
  I extends z.ZodType = z.ZodNever,
  U extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodNever,
>(def: ContentDef<I, U, R>): OperationDef<I, U, R> {
  return defineOperation<I, U, R>({
    ...def,
    permission: contentPermission,
    async run(trx, records, ctx) {
      const result = await def.run(trx, records, ctx)
      await bumpContentVersion(trx)
      return result
    },
  })
}
