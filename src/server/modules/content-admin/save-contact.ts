import { contactUpdate } from '#shared/contract/site-admin'
import { defineContentOperation } from './content-operation.ts'

const columns = {
  Company: 'company',
  CompanyEn: 'company_en',
  Address: 'address',
  AddressEn: 'address_en',
  Phone: 'phone',
  Fax: 'fax',
  Mail: 'mail',
  Website: 'website',
  Qr1: 'qr1',
  Qr1Title: 'qr1_title',
  Qr1TitleEn: 'qr1_title_en',
  Qr2: 'qr2',
  Qr2Title: 'qr2_title',
  Qr2TitleEn: 'qr2_title_en',
} as const

/**
 * PostCommon `SaveContact` (CONTENT): updateRecords `[{...changed fields}]` of the single
 * contact record (created when missing). An empty Qr1/Qr2 hides that QR image.
 */
export const saveContact = defineContentOperation({
  postUrl: 'SaveContact',
  menu: ['/admin/linkus'],
  update: contactUpdate,
  async run(trx, records) {
    const now = new Date().toISOString()
    for (const rec of records.updateRecords) {
      const values: Record<string, string> = {}
      for (const [field, column] of Object.entries(columns)) {
        const v = rec[field as keyof typeof columns]
        if (v !== undefined) values[column] = v
      }
      const exists = await trx
        .selectFrom('contact_info')
        .select('id')
        .where('id', '=', 1)
        .executeTakeFirst()
      if (exists)
        await trx
          .updateTable('contact_info')
          .set({ ...values, updated_at: now })
          .where('id', '=', 1)
          .execute()
      else {
        const empty = Object.fromEntries(Object.values(columns).map((c) => [c, ''])) as Record<
          (typeof columns)[keyof typeof columns],
          string
        >
        await trx
          .insertInto('contact_info')
          .values({ ...empty, ...values, id: 1, updated_at: now })
          .execute()
      }
    }
    return { updated: records.updateRecords.length }
  },
})
