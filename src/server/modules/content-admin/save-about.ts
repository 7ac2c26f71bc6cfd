import { aboutUpdate } from '#shared/contract/site-admin'
import { defineContentOperation } from './content-operation.ts'

/** PostCommon `SaveAbout` (CONTENT): updateRecords `[{...changed fields}]` of the company profile page. */
export const saveAbout = defineContentOperation({
  postUrl: 'SaveAbout',
  menu: ['/admin/about'],
  update: aboutUpdate,
  async run(trx, records) {
    const now = new Date().toISOString()
    for (const rec of records.updateRecords) {
      const values: Partial<
        Record<'title' | 'title_en' | 'body' | 'body_en' | 'images', string>
      > & { updated_at: string } = {
        ...(rec.Title !== undefined ? { title: rec.Title } : {}),
        ...(rec.TitleEn !== undefined ? { title_en: rec.TitleEn } : {}),
        ...(rec.Body !== undefined ? { body: rec.Body } : {}),
        ...(rec.BodyEn !== undefined ? { body_en: rec.BodyEn } : {}),
        ...(rec.Images !== undefined ? { images: JSON.stringify(rec.Images) } : {}),
        updated_at: now,
      }
      const exists = await trx
        .selectFrom('page')
        .select('key')
        .where('key', '=', 'about')
        .executeTakeFirst()
      if (exists) await trx.updateTable('page').set(values).where('key', '=', 'about').execute()
      else {
        const empty = { title: '', title_en: '', body: '', body_en: '', images: '[]' }
        await trx
          .insertInto('page')
          .values({ ...empty, ...values, key: 'about' })
          .execute()
      }
    }
    return { updated: records.updateRecords.length }
  },
})
