import type { Kysely } from 'kysely'
import { double, withId, type Dialect, type Table } from './column-types.ts'

export function init(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      const text = (name: string) => (t: Table) =>
        t.addColumn(name, 'text', (c) => c.notNull().defaultTo(''))
      const flag =
        (name: string, dflt = 0) =>
        (t: Table) =>
          t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(dflt))

      await db.schema
        .createTable('app_meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('roles')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('abilities', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()

      let users = withId(db.schema.createTable('users'), dialect).addColumn(
        'login_name',
        'text',
        (c) => c.notNull().unique(),
      )
      for (const f of ['real_name', 'nick_name', 'mobile', 'email', 'role', 'avatar'])
        users = text(f)(users)
      await users
        .addColumn('department_id', 'integer')
        .$call(flag('ban'))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .$call(flag('must_change_password'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()

      await withId(db.schema.createTable('sessions'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('access_hash', 'text', (c) => c.notNull().unique())
        .addColumn('access_expires_at', 'text', (c) => c.notNull())
        .addColumn('refresh_hash', 'text', (c) => c.notNull().unique())
        .addColumn('refresh_expires_at', 'text', (c) => c.notNull())
        .addColumn('rotated_at', 'text')
        .addColumn('revoked_at', 'text')
        .$call(text('ip'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('sessions_family').on('sessions').column('family_id').execute()

      await withId(db.schema.createTable('product_category'), dialect)
        .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('title', 'text', (c) => c.notNull())
        .$call(text('title_en'))
        .addColumn('img_url', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()

      let product = withId(db.schema.createTable('product'), dialect)
        .addColumn('category_id', 'integer', (c) => c.notNull().references('product_category.id'))
        .addColumn('title', 'text', (c) => c.notNull())
      for (const f of ['title_en', 'part_no', 'summary', 'summary_en', 'body', 'body_en'])
        product = text(f)(product)
      await product
        .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('specs', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(flag('featured'))
        .$call(flag('published', 1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('product_category_sort')
        .on('product')
        .columns(['category_id', 'sort'])
        .execute()

      await withId(db.schema.createTable('carousel'), dialect)
        .addColumn('image', 'text', (c) => c.notNull())
        .$call(text('image_sm'))
        .$call(text('title'))
        .$call(text('title_en'))
        .$call(text('link'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(flag('enabled', 1))
        .execute()

      let contact = db.schema
        .createTable('contact_info')
        .addColumn('id', 'integer', (c) => c.primaryKey())
      for (const f of [
        'company',
        'company_en',
        'address',
        'address_en',
        'phone',
        'fax',
        'mail',
        'website',
        'qr1',
        'qr1_title',
        'qr1_title_en',
        'qr2',
        'qr2_title',
        'qr2_title_en',
      ])
        contact = text(f)(contact)
      await contact.addColumn('updated_at', 'text', (c) => c.notNull()).execute()

      let page = db.schema.createTable('page').addColumn('key', 'text', (c) => c.primaryKey())
      for (const f of ['title', 'title_en', 'body', 'body_en']) page = text(f)(page)
      await page
        .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()

      let news = withId(db.schema.createTable('news'), dialect).addColumn('title', 'text', (c) =>
        c.notNull(),
      )
      for (const f of ['title_en', 'summary', 'summary_en', 'body', 'body_en', 'image'])
        news = text(f)(news)
      await news
        .$call(flag('published', 1))
        .addColumn('published_at', 'text', (c) => c.notNull())
        .execute()

      let equipment = withId(db.schema.createTable('equipment'), dialect).addColumn(
        'name',
        'text',
        (c) => c.notNull(),
      )
      for (const f of ['name_en', 'description', 'description_en', 'image'])
        equipment = text(f)(equipment)
      await equipment
        .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()

      let leaving = withId(db.schema.createTable('leaving'), dialect)
      for (const f of ['name', 'phone', 'email', 'company', 'message', 'ip'])
        leaving = text(f)(leaving)
      await leaving
        .$call(flag('handled'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()

      let orders = withId(db.schema.createTable('orders'), dialect).addColumn(
        'order_no',
        'text',
        (c) => c.notNull().unique(),
      )
      for (const f of ['customer', 'part_name']) orders = text(f)(orders)
      await orders
        .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('unit_price', double, (c) => c.notNull().defaultTo(0))
        .addColumn('total_sum', double, (c) => c.notNull().defaultTo(0))
        .addColumn('price_sign', 'text', (c) => c.notNull().defaultTo('¥'))
        .$call(text('job_start_time'))
        .$call(flag('rough_forging'))
        .addColumn('workshop', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('supervisor_material_qty', double, (c) => c.notNull().defaultTo(0))
        .addColumn('supervisor_price', double, (c) => c.notNull().defaultTo(0))
        .$call(flag('audit_status'))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()

      const orderChild = (name: string, fields: string[]) => {
        let t = withId(db.schema.createTable(name), dialect).addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        for (const f of fields) t = text(f)(t)
        return t
          .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
          .$call(flag('audit_status'))
          .addColumn('created_at', 'text', (c) => c.notNull())
      }
      await orderChild('purchase', ['supplier', 'material'])
        .addColumn('unit_price', double, (c) => c.notNull().defaultTo(0))
        .addColumn('total_sum', double, (c) => c.notNull().defaultTo(0))
        .execute()
      await orderChild('outsourcing', ['supplier', 'process'])
        .addColumn('unit_price', double, (c) => c.notNull().defaultTo(0))
        .addColumn('total_sum', double, (c) => c.notNull().defaultTo(0))
        .execute()
      await orderChild('shipment', ['carrier', 'tracking_no', 'ship_date', 'address']).execute()
      for (const t of ['purchase', 'outsourcing', 'shipment']) {
        await db.schema.createIndex(`${t}_order`).on(t).column('order_id').execute()
      }

      let notice = withId(db.schema.createTable('notice'), dialect).addColumn('msg', 'text', (c) =>
        c.notNull(),
      )
      notice = text('msg_en')(notice)
      await notice
        .addColumn('create_type', 'integer', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(text('order_no'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('notice_recipient')
        .addColumn('notice_id', 'integer', (c) =>
          c.notNull().references('notice.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .$call(flag('is_read'))
        .addColumn('read_at', 'text')
        .addPrimaryKeyConstraint('notice_recipient_pk', ['notice_id', 'user_id'])
        .execute()
      await db.schema
        .createIndex('notice_recipient_user')
        .on('notice_recipient')
        .columns(['user_id', 'is_read'])
        .execute()

      let log = withId(db.schema.createTable('system_log'), dialect)
      for (const f of ['account', 'operation', 'log_type', 'result', 'ip']) log = text(f)(log)
      await log.addColumn('created_at', 'text', (c) => c.notNull()).execute()
      await db.schema
        .createIndex('system_log_created')
        .on('system_log')
        .column('created_at')
        .execute()
    },
  }
}
