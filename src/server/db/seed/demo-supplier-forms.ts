import type { Kysely } from 'kysely'
import type { Database } from '../schema.ts'

const day = 86_400_000

/**
 * Demo supplier forms, as prospective suppliers leave them through the public form
 * (`/FormZhengao/SupplierForm/Add`): one accepted with a note, one rejected, two waiting.
 */
export async function seedDemoSupplierForms(trx: Kysely<Database>, now: Date, auditorId: number) {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day).toISOString()
  const base = {
    ip: '127.0.0.1',
    created_by: null,
    audited_by: null,
    remark: '',
    audit_comment: '',
    audited_at: '',
    audit_status: 0,
  }
  await trx
    .insertInto('supplier_form')
    .values([
      {
        ...base,
        company: '江阴兴澄特种钢铁贸易有限公司',
        contact: '陈经理',
        phone: '13915210488',
        email: 'chen.sales@example.com',
        address: '江苏省江阴市滨江东路297号',
        products: '42CrMo4、38MnVS6 锻造用圆钢，Φ50-Φ220',
        message: '可按月供货并提供材质证明和第三方复检报告。',
        audit_status: 1,
        audit_comment: '样品复检合格，列入合格供方',
        audited_at: at(20),
        audited_by: auditorId,
        remark: '已签框架协议',
        created_at: at(34),
      },
      {
        ...base,
        company: '丹阳恒通热处理有限公司',
        contact: '刘工',
        phone: '13861408836',
        email: '',
        address: '江苏省丹阳市开发区齐梁路18号',
        products: '调质、氮化、感应淬火加工',
        message: '有连续式氮化炉两条，可承接曲轴类零件。',
        audit_status: -1,
        audit_comment: '无 IATF 16949 证书，暂不合作',
        audited_at: at(9),
        audited_by: auditorId,
        created_at: at(15),
      },
      {
        ...base,
        company: 'Kraemer Oberflächentechnik GmbH',
        contact: 'Jonas Kraemer',
        phone: '13818840127',
        email: 'j.kraemer@example.de',
        address: '上海市松江区九亭镇涞寅路1865号（中国代表处）',
        products: 'Shot peening and phosphating for connecting rods',
        message: 'We already supply two German tier-1 customers and can send samples in two weeks.',
        created_at: at(4),
      },
      {
        ...base,
        company: '常州武进精密刀具有限公司',
        contact: '孙女士',
        phone: '13775288065',
        email: 'sun@example.com',
        address: '江苏省常州市武进区湖塘镇长虹西路8号',
        products: '硬质合金铣刀、成型车刀定制',
        message: '',
        created_at: at(1),
      },
    ])
    .execute()
}
