import type { Generated } from 'kysely'

/** Booleans are stored as 0/1 integers and timestamps as ISO-8601 text in both dialects. */
type Flag = number
type Timestamp = string

export interface UserTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  id: Generated<number>
  login_name: string
  real_name: string
  nick_name: string
  /** a mobile number (digits only) or ''; one account per number: unique index users_mobile_unique where not '' (migration 0016) */
  mobile: string
  email: string
  role: string
  department_id: number | null
  ban: Flag
  avatar: string
  password_hash: string
  must_change_password: Flag
  created_at: Timestamp
}

export interface SessionTable {
  id: Generated<number>
  user_id: number
  family_id: string
  access_hash: string
  access_expires_at: Timestamp
  refresh_hash: string
  refresh_expires_at: Timestamp
  rotated_at: Timestamp | null
  revoked_at: Timestamp | null
  ip: string
  created_at: Timestamp
  /** when the sign-in that began this refresh-token family happened (absolute lifetime) */
  family_started_at: Timestamp | null
  /** the WeChat identity whose sign-in began this family (null for other sign-ins); its ban revokes the family */
  wechat_user_id: number | null
}

export interface RoleTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  code: string
  name: string
  name_en: string
  abilities: string
  builtin: Flag
  /** JSON list of grid permission strings (SPEC §6), migration 0005 */
  permissions: Generated<string>
}

/** A menu entry a role holds (migration 0005). */
export interface RoleMenuTable {
  role_code: string
  menu_id: number
}

/** The department tree (migration 0005). */
export interface DepartmentTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  id: Generated<number>
  parent_id: number | null
  name: string
  /** English name (migration 0009); '' = use `name` */
  name_en: string
  sort: number
  created_at: Timestamp
}

export interface ProductCategoryTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  id: Generated<number>
  parent_id: number
  title: string
  title_en: string
  img_url: string
  sort: number
  created_at: Timestamp
}

export interface ProductTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  id: Generated<number>
  category_id: number
  title: string
  title_en: string
  part_no: string
  summary: string
  summary_en: string
  body: string
  body_en: string
  images: string
  specs: string
  sort: number
  featured: Flag
  published: Flag
  created_at: Timestamp
  updated_at: Timestamp
}

export interface CarouselTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  id: Generated<number>
  image: string
  image_sm: string
  title: string
  title_en: string
  link: string
  sort: number
  enabled: Flag
}

export interface ContactInfoTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  id: number
  company: string
  company_en: string
  address: string
  address_en: string
  phone: string
  fax: string
  mail: string
  website: string
  qr1: string
  qr1_title: string
  qr1_title_en: string
  qr2: string
  qr2_title: string
  qr2_title_en: string
  updated_at: Timestamp
}

export interface PageTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  key: string
  title: string
  title_en: string
  body: string
  body_en: string
  images: string
  updated_at: Timestamp
}

export interface NewsTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  id: Generated<number>
  title: string
  title_en: string
  summary: string
  summary_en: string
  body: string
  body_en: string
  image: string
  /** JSON list of {url, thumb?}: more pictures after the cover (migration 0006) */
  gallery: Generated<string>
  published: Flag
  published_at: Timestamp
}

export interface EquipmentTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  id: Generated<number>
  name: string
  name_en: string
  description: string
  description_en: string
  image: string
  /** JSON list of {url, thumb?}: more pictures after the cover (migration 0006) */
  gallery: Generated<string>
  quantity: number
  sort: number
}

export interface LeavingTable {
  id: Generated<number>
  name: string
  phone: string
  email: string
  company: string
  message: string
  handled: Flag
  ip: string
  created_at: Timestamp
  /** staff reply or notes (migration 0007), with the writer's login name and the time */
  reply: Generated<string>
  replied_by: Generated<string>
  replied_at: Generated<string>
}

export interface OrderTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  id: Generated<number>
  order_no: string
  customer: string
  part_name: string
  quantity: number
  unit_price: number
  total_sum: number
  price_sign: string
  job_start_time: Timestamp
  rough_forging: Flag
  workshop: number
  supervisor_material_qty: number
  supervisor_price: number
  audit_status: number
  workshop_supervisor: Generated<string>
  remark: Generated<string>
  audit_comment: Generated<string>
  audited_at: Generated<string>
  audited_by: number | null
  created_by: number | null
  created_at: Timestamp
  /** the record's files as JSON `[{name, url, thumb?}]` (migration 0013) */
  files: Generated<string>
  /** province, city, district codes, comma-joined, '' for none (migration 0015) */
  customer_area: Generated<string>
}

export interface PurchaseTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  id: Generated<number>
  order_id: number
  supplier: string
  material: string
  quantity: number
  /** kg, pcs, t or m (migration 0010) */
  unit: Generated<string>
  unit_price: number
  total_sum: number
  price_sign: Generated<string>
  delivery_date: Generated<string>
  audit_status: number
  remark: Generated<string>
  audit_comment: Generated<string>
  audited_at: Generated<string>
  audited_by: number | null
  created_by: number | null
  created_at: Timestamp
  /** the record's files as JSON `[{name, url, thumb?}]` (migration 0013) */
  files: Generated<string>
}

export interface OutsourcingTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  id: Generated<number>
  order_id: number
  supplier: string
  process: string
  quantity: number
  unit_price: number
  total_sum: number
  price_sign: Generated<string>
  delivery_date: Generated<string>
  audit_status: number
  remark: Generated<string>
  audit_comment: Generated<string>
  audited_at: Generated<string>
  audited_by: number | null
  created_by: number | null
  created_at: Timestamp
}

export interface ShipmentTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  id: Generated<number>
  order_id: number
  carrier: string
  tracking_no: string
  quantity: number
  ship_date: Timestamp
  address: string
  audit_status: number
  remark: Generated<string>
  audit_comment: Generated<string>
  audited_at: Generated<string>
  audited_by: number | null
  created_by: number | null
  created_at: Timestamp
}

export interface QualityTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  id: Generated<number>
  order_id: number
  item: Generated<string>
  inspector: Generated<string>
  quantity: Generated<number>
  qualified_quantity: Generated<number>
  inspect_date: Generated<string>
  audit_status: Generated<number>
  remark: Generated<string>
  audit_comment: Generated<string>
  audited_at: Generated<string>
  audited_by: number | null
  created_by: number | null
  created_at: Timestamp
  /** the record's files as JSON `[{name, url, thumb?}]` (migration 0013) */
  files: Generated<string>
}

export interface WarehouseTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  id: Generated<number>
  order_id: number
  material: Generated<string>
  direction: Generated<number>
  quantity: Generated<number>
  location: Generated<string>
  handler: Generated<string>
  move_date: Generated<string>
  audit_status: Generated<number>
  remark: Generated<string>
  audit_comment: Generated<string>
  audited_at: Generated<string>
  audited_by: number | null
  created_by: number | null
  created_at: Timestamp
}

export interface FinanceTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  id: Generated<number>
  order_id: number
  entry_type: Generated<number>
  counterparty: Generated<string>
  item: Generated<string>
  quantity: Generated<number>
  unit_price: Generated<number>
  total_sum: Generated<number>
  price_sign: Generated<string>
  invoice_no: Generated<string>
  entry_date: Generated<string>
  audit_status: Generated<number>
  remark: Generated<string>
  audit_comment: Generated<string>
  audited_at: Generated<string>
  audited_by: number | null
  created_by: number | null
  created_at: Timestamp
}

export interface ProductionReportTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  id: Generated<number>
  order_id: number | null
  report_date: string
  workshop: string
  process: Generated<string>
  operator: Generated<string>
  output_quantity: Generated<number>
  scrap_quantity: Generated<number>
  audit_status: Generated<number>
  remark: Generated<string>
  audit_comment: Generated<string>
  audited_at: Generated<string>
  audited_by: number | null
  created_by: number | null
  created_at: Timestamp
}

export interface SupplierFormTable {
  /** +1 per write (migration 0027, DESIGN §11) */
  row_version: Generated<number>
  id: Generated<number>
  company: string
  contact: string
  phone: string
  email: string
  address: string
  /** province, city, district codes chosen on /supplier-apply, comma-separated (migration 0007) */
  area_codes: Generated<string>
  products: string
  message: string
  ip: string
  audit_status: Generated<number>
  remark: Generated<string>
  audit_comment: Generated<string>
  audited_at: Generated<string>
  audited_by: number | null
  created_by: number | null
  created_at: Timestamp
}

export interface NoticeTable {
  id: Generated<number>
  msg: string
  msg_en: string
  create_type: number
  order_id: number
  order_no: string
  created_at: Timestamp
}

export interface NoticeRecipientTable {
  notice_id: number
  user_id: number
  is_read: Flag
  read_at: Timestamp | null
  /** copies of the notice's, for listing from one index (migration 0019) */
  create_type: number
  created_at: Timestamp
}

/** Per user and notice type: unread and total recipient rows, kept by triggers (migration 0019). */
export interface NoticeCountTable {
  user_id: number
  create_type: number
  unread: Generated<number>
  total: Generated<number>
}

export interface SystemLogTable {
  id: Generated<number>
  account: string
  operation: string
  log_type: string
  result: string
  ip: string
  created_at: Timestamp
  /** how many times this refusal happened from this address within the row's minute */
  repeat_count: Generated<number>
}

export interface AppMetaTable {
  key: string
  value: string
}

export interface WechatUserTable {
  id: Generated<number>
  open_id: string
  nick_name: string
  avatar: string
  ban: Flag
  created_at: Timestamp
}

export interface WechatBindingTable {
  wechat_user_id: number
  user_id: number
  created_at: Timestamp
}

export interface WechatTicketTable {
  ticket_hash: string
  open_id: string
  nick_name: string
  expires_at: Timestamp
}

/** One change of a record (migration 0022); `changes` is JSON `[{field, old, new}]`. */
export interface RecordHistoryTable {
  id: Generated<number>
  record_type: string
  /** the record's key as text: an Id, a role code, `about` */
  record_id: string
  at: string
  user_id: number | null
  user_name: string
  how: string
  action: string
  changes: string
  /** the record's `row_version` this change produced (null: written before versions existed) */
  row_version: number | null
}

export interface Database {
  wechat_user: WechatUserTable
  wechat_binding: WechatBindingTable
  wechat_ticket: WechatTicketTable
  users: UserTable
  sessions: SessionTable
  roles: RoleTable
  role_menu: RoleMenuTable
  department: DepartmentTable
  product_category: ProductCategoryTable
  product: ProductTable
  carousel: CarouselTable
  contact_info: ContactInfoTable
  page: PageTable
  news: NewsTable
  equipment: EquipmentTable
  leaving: LeavingTable
  orders: OrderTable
  purchase: PurchaseTable
  outsourcing: OutsourcingTable
  shipment: ShipmentTable
  quality: QualityTable
  warehouse: WarehouseTable
  finance: FinanceTable
  production_report: ProductionReportTable
  supplier_form: SupplierFormTable
  notice: NoticeTable
  notice_recipient: NoticeRecipientTable
  notice_count: NoticeCountTable
  system_log: SystemLogTable
  record_history: RecordHistoryTable
  app_meta: AppMetaTable
  rate_limit: RateLimitTable
  upload_file: UploadFileTable
  sms_code: SmsCodeTable
  column_prefs: ColumnPrefsTable
  push_subscription: PushSubscriptionTable
  push_sent: PushSentTable
}

/** A user's column preferences of one grid: `prefs` is JSON `{order, hidden}`. */
export interface ColumnPrefsTable {
  user_id: number
  grid: string
  prefs: string
  updated_at: Timestamp
}

/** One fixed-window counter per key (sign-in failures, form posts); PostgreSQL mode only. */
export interface RateLimitTable {
  key: string
  hits: number
  /** epoch milliseconds when the window ends */
  reset_at: number
}

/** An uploaded file or image variant, stored in PostgreSQL so every instance serves it. */
export interface UploadFileTable {
  /** path under /uploads/, e.g. `2026-05/0123abcd.png` */
  path: string
  data: Buffer
  size: number
  etag: string
  created_at: Timestamp
}

/** A phone verification code sent; the code itself only as `salt$sha256`. */
export interface SmsCodeTable {
  id: Generated<number>
  mobile: string
  /** changeMobile: the new number of my profile */
  purpose: 'login' | 'register' | 'changeMobile'
  code_hash: string
  expires_at: Timestamp
  used_at: Timestamp | null
  created_at: Timestamp
}

/** A device's Web Push subscription (migration 0021); `endpoint` is unique, `lang` picks the text. */
export interface PushSubscriptionTable {
  id: Generated<number>
  user_id: number
  /** the sign-in that subscribed: its logout removes the row */
  family_id: string
  endpoint: string
  /** the browser's P-256 public key and auth secret, base64url */
  p256dh: string
  auth: string
  lang: string
  created_at: Timestamp
  /** the session row of that sign-in (migration 0028): revoking or deleting it deletes this row */
  session_id: number | null
}

/** A notice pushed to a device (at most once, migration 0021). */
export interface PushSentTable {
  subscription_id: number
  notice_id: number
}
