import type { Kysely } from 'kysely'
import type { DepartmentRow } from '#shared/contract/system-departments'
import type { Database } from '../../db/schema.ts'

/** Every department, parents before their children, each level by Sort then Id. */
export async function listDepartments(db: Kysely<Database>): Promise<DepartmentRow[]> {
  const rows = await db.selectFrom('department').selectAll().orderBy('sort').orderBy('id').execute()
  const counts = await db
    .selectFrom('users')
    .select((eb) => ['department_id', eb.fn.countAll<number>().as('n')])
    .where('department_id', 'is not', null)
    .groupBy('department_id')
    .execute()
  const names = new Map(rows.map((r) => [r.id, r]))
  const out: DepartmentRow[] = []
  const walk = (parent: number | null, depth: number) => {
    if (depth > 50) return
    for (const r of rows.filter((x) => x.parent_id === parent)) {
      out.push({
        Id: r.id,
        ParentId: r.parent_id,
        ParentName: r.parent_id === null ? '' : (names.get(r.parent_id)?.name ?? ''),
        ParentNameEn: r.parent_id === null ? '' : (names.get(r.parent_id)?.name_en ?? ''),
        Name: r.name,
        NameEn: r.name_en,
        Sort: r.sort,
        CreateTimeString: r.created_at,
        UserCount: Number(counts.find((c) => c.department_id === r.id)?.n ?? 0),
        RowVersion: r.row_version,
      })
      walk(r.id, depth + 1)
    }
  }
  walk(null, 0)
  return out
}
