import type { Kysely } from 'kysely'
import { unusableHash } from '../../modules/auth/passwords.ts'
import type { Database } from '../schema.ts'

/** The factory's departments: management on top, the other eight below it, in order. */
export const demoDepartments = [
  '管理部',
  '销售部',
  '采购部',
  '锻造车间',
  '机加工车间',
  '热处理车间',
  '质量部',
  '仓库',
  '财务部',
] as const
type DepartmentName = (typeof demoDepartments)[number]
/** Their English names (`department.name_en`). */
export const demoDepartmentsEn: Record<DepartmentName, string> = {
  管理部: 'Management',
  销售部: 'Sales',
  采购部: 'Purchasing',
  锻造车间: 'Forging workshop',
  机加工车间: 'Machining workshop',
  热处理车间: 'Heat treatment',
  质量部: 'Quality',
  仓库: 'Warehouse',
  财务部: 'Finance',
}

/** Where the three documented accounts sit in the demo tree. */
const builtinPlaces: Record<string, DepartmentName> = {
  admin: '管理部',
  editor: '销售部',
  staff: '锻造车间',
}

/**
 * Demo colleagues, one or two per department. They cannot sign in: each is banned and has a
 * password hash no password matches, so no password exists to print or leak. An administrator
 * who wants to use one unbans it and resets its password on /system/user (the user then
 * chooses a new one at first sign-in). Banned users also receive no notices.
 */
const demoPeople: {
  login: string
  realName: string
  department: DepartmentName
  role: 'staff' | 'editor'
  mobile: string
}[] = [
  {
    login: 'zhang.wei',
    realName: '张伟',
    department: '管理部',
    role: 'staff',
    mobile: '13912340001',
  },
  {
    login: 'wang.li',
    realName: '王丽',
    department: '销售部',
    role: 'staff',
    mobile: '13912340002',
  },
  {
    login: 'chen.jing',
    realName: '陈静',
    department: '销售部',
    role: 'editor',
    mobile: '13912340003',
  },
  {
    login: 'liu.qiang',
    realName: '刘强',
    department: '采购部',
    role: 'staff',
    mobile: '13912340004',
  },
  {
    login: 'zhao.lei',
    realName: '赵磊',
    department: '锻造车间',
    role: 'staff',
    mobile: '13912340005',
  },
  {
    login: 'sun.hao',
    realName: '孙浩',
    department: '机加工车间',
    role: 'staff',
    mobile: '13912340006',
  },
  {
    login: 'zhou.jie',
    realName: '周杰',
    department: '热处理车间',
    role: 'staff',
    mobile: '13912340007',
  },
  { login: 'wu.hua', realName: '吴华', department: '质量部', role: 'staff', mobile: '13912340008' },
  { login: 'zheng.yu', realName: '郑宇', department: '仓库', role: 'staff', mobile: '13912340009' },
  {
    login: 'huang.min',
    realName: '黄敏',
    department: '财务部',
    role: 'staff',
    mobile: '13912340010',
  },
]
export const demoLogins = demoPeople.map((p) => p.login)

/** Seeds the department tree, places the three documented accounts in it and adds the demo colleagues. */
export async function seedDemoStaff(trx: Kysely<Database>, now: Date) {
  const createdAt = now.toISOString()
  const ids = new Map<DepartmentName, number>()
  for (const [sort, name] of demoDepartments.entries()) {
    const row = await trx
      .insertInto('department')
      .values({
        parent_id: sort === 0 ? null : ids.get('管理部')!,
        name,
        name_en: demoDepartmentsEn[name],
        sort,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids.set(name, row.id)
  }
  for (const [login, place] of Object.entries(builtinPlaces)) {
    await trx
      .updateTable('users')
      .set({ department_id: ids.get(place)! })
      .where('login_name', '=', login)
      .execute()
  }
  await trx
    .insertInto('users')
    .values(
      demoPeople.map((p) => ({
        login_name: p.login,
        real_name: p.realName,
        nick_name: p.realName,
        mobile: p.mobile,
        email: `${p.login}@forgeline.example.com`,
        role: p.role,
        department_id: ids.get(p.department)!,
        ban: 1,
        avatar: '',
        password_hash: unusableHash,
        must_change_password: 1,
        created_at: createdAt,
      })),
    )
    .execute()
}
