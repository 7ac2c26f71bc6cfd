import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { gridSelectQuery, selectListResponse } from '#shared/contract/grid-suggest'
import { AppError } from '../../errors.ts'
import type { CurrentUser } from '../../plugins/authenticate.ts'
import { gridPermissionsOf } from './grid-access.ts'
import { loose, type GridKind } from './grid-kind.ts'
import { suggestValues } from './suggest-repository.ts'

/**
 * The columns whose inputs suggest values from the grid's own records: customer,
 * part and supplier. Production reports answer theirs at SPEC's `ProductionReport/GetSelectList`.
 */
export const suggestFields: Readonly<Record<string, readonly string[]>> = {
  Order: ['Customer', 'PartName'],
  Purchase: ['Supplier'],
  Outsourcing: ['Supplier'],
}

/** The stored column of a suggested field, or a 400 (403 when the caller's grid hides it). */
export async function suggestColumn(
  app: FastifyInstance,
  kind: GridKind,
  field: string,
  user: CurrentUser,
) {
  const column = Object.hasOwn(kind.fields, field) ? kind.fields[field]![0] : undefined
  if (!column) throw new AppError(Code.badRequest, 'badRequest')
  if (!(await gridPermissionsOf(app.deps.db, user)).columnShown(field))
    throw new AppError(Code.forbidden, 'forbidden')
  return column
}

/** Suggestions of a column, kept by the read cache until the table changes. */
export async function readSuggestions(
  app: FastifyInstance,
  table: string,
  column: string,
  keyword: string,
  limit: number,
): Promise<string[]> {
  const { db, dialect, reads } = app.deps.db
  const key = `grid-suggest:${table}:${column}:${limit}:${keyword}`
  return reads.read(key, [table], () =>
    suggestValues(loose(db), dialect, { table, column }, keyword, limit),
  )
}

/**
 * `GET {API_PREFIX}/{Kind}/GetSelectList?type={Field}&keyword=&limit=`: the values an
 * auto-complete input of the grid suggests, for the staff who may keep its records.
 */
export function gridSelectListRoute(kind: GridKind, tag: string) {
  const fields = suggestFields[kind.name] ?? []
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      `/${kind.name}/GetSelectList`,
      {
        config: { permission: kind.permission, menu: kind.menu },
        schema: {
          tags: [tag],
          summary: `Values the ${kind.label.en} inputs suggest (${fields.join(', ')})`,
          querystring: gridSelectQuery,
          response: { 200: selectListResponse },
        },
      },
      async (req) => {
        const { type, keyword = '', limit } = req.query
        const field = fields.find((f) => f.toLowerCase() === type.toLowerCase())
        if (!field) throw new AppError(Code.badRequest, 'badRequest')
        const column = await suggestColumn(app, kind, field, req.user!)
        const values = await readSuggestions(app, kind.table, column, keyword, limit)
        return { code: Code.ok, msg: 'ok', data: values.map((v) => ({ label: v, value: v })) }
      },
    )
  }
}
