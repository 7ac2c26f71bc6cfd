import { sql, type Kysely } from 'kysely'
import type { UserListBody, UserRow } from '#shared/contract/system-users'
import type { Database } from '../../db/schema.ts'

/** `column LIKE %text%`, the text's own wildcards taken literally (SQLite and PostgreSQL). */
export const contains = (column: string, text: string) =>
  sql<boolean>`${sql.ref(column)} like ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`

/** A page of accounts, newest first, with their department's name. */
export async function listUsers(
  db: Kysely<Database>,
  f: UserListBody,
): Promise<{ result: UserRow[]; total: number }> {
  let q = db.selectFrom('users as u').leftJoin('department as d', 'd.id', 'u.department_id')
  if (f.keyword) {
    const k = f.keyword
    q = q.where((eb) =>
      eb.or(['u.login_name', 'u.real_name', 'u.mobile', 'u.email'].map((c) => contains(c, k))),
    )
  }
  if (f.role !== undefined) q = q.where('u.role', '=', f.role)
  if (f.departmentId !== undefined) q = q.where('u.department_id', '=', f.departmentId)
  if (f.ban !== undefined) q = q.where('u.ban', '=', f.ban ? 1 : 0)
  const total = Number(
    (await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  )
  const pageSize = Math.min(f.pageSize ?? 20, 1000)
  const rows = await q
    .select([
      'u.id',
      'u.login_name',
      'u.real_name',
      'u.nick_name',
      'u.mobile',
      'u.email',
      'u.role',
      'u.department_id',
      'u.ban',
      'u.must_change_password',
      'u.created_at',
      'u.row_version',
      'd.name as department_name',
      'd.name_en as department_name_en',
    ])
    .orderBy('u.id', 'desc')
    .limit(pageSize)
    .offset(((f.pageIndex ?? 1) - 1) * pageSize)
    .execute()
  return {
    total,
    result: rows.map((r) => ({
      Id: r.id,
      LoginName: r.login_name,
      RealName: r.real_name,
      NickName: r.nick_name,
      Mobile: r.mobile,
      Email: r.email,
      Role: r.role,
      DepartmentId: r.department_id,
      DepartmentName: r.department_name ?? '',
      DepartmentNameEn: r.department_name_en ?? '',
      RowVersion: r.row_version,
      Ban: r.ban === 1,
      MustChangePassword: r.must_change_password === 1,
      CreateTimeString: r.created_at,
    })),
  }
}
