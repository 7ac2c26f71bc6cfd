import type { Kysely } from 'kysely'
import { specRowOf } from '#shared/spec-values'
import type { Dialect } from './column-types.ts'

/**
 * Content management, in both dialects:
 * - specification rows get `ValueEn`: a stored value "渗碳淬火 / Carburising and hardening" is
 *   parted into `Value` "渗碳淬火" and `ValueEn` "Carburising and hardening"; others keep their
 *   value and an empty `ValueEn` (English reads the Chinese one);
 * - news and equipment items get a gallery (`gallery`, JSON list of images) after their cover.
 * (The content version stamp lives in app_meta, key `content-version`: no new table.)
 */
export function contentSpecs(_dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      const rows = (await db.selectFrom('product').select(['id', 'specs']).execute()) as {
        id: number
        specs: string
      }[]
      for (const r of rows) {
        let specs: unknown
        try {
          specs = JSON.parse(r.specs)
        } catch {
          continue
        }
        if (!Array.isArray(specs)) continue
        const next = JSON.stringify(
          specs.filter((x) => x && typeof x === 'object').map((x) => specRowOf(x as object)),
        )
        if (next !== r.specs)
          await db.updateTable('product').set({ specs: next }).where('id', '=', r.id).execute()
      }
      for (const table of ['news', 'equipment']) {
        await db.schema
          .alterTable(table)
          .addColumn('gallery', 'text', (c) => c.notNull().defaultTo('[]'))
          .execute()
      }
    },
  }
}
