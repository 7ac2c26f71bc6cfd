import type { FastifyRequest } from 'fastify'
import { isFieldErrorCode } from '#shared/contract/fields'
import { isGridErrorCode, type GridErrorCode } from '#shared/contract/grid-fields'
import { isContentErrorCode, type ContentErrorCode } from '#shared/contract/content-fields'
import { isSystemErrorCode, type SystemErrorCode } from '#shared/contract/system-fields'
import {
  isValidatorErrorCode,
  keywordControlCode,
  type ValidatorErrorCode,
} from '#shared/contract/validators'
import { isColumnPrefsErrorCode, type ColumnPrefsErrorCode } from '#shared/contract/column-prefs'

export type Lang = 'zh' | 'en'

/** Messages the server sends to people, in both languages. */
const messages = {
  badRequest: { zh: '请求参数有误', en: 'The request is not valid' },
  // Web Push
  noticePushTitle: { zh: '新消息', en: 'New notice' },
  pushOff: { zh: '本服务器未开启推送通知', en: 'Push notifications are turned off on this server' },
  pushEndpointRefused: {
    zh: '不支持此浏览器的推送服务',
    en: "This browser's push service is not one this server sends to",
  },
  pushEndpointTaken: {
    zh: '此浏览器的推送已由另一个已登录的账号使用',
    en: "This browser's push subscription belongs to another signed-in account",
  },
  invalidField: { zh: '格式不正确', en: 'is not valid' },
  orderNoUnknown: {
    zh: '订单号 {orderNo} 不存在，请从已有订单中选择',
    en: 'There is no order numbered {orderNo}: choose an existing order',
  },
  orderIdUnknown: {
    zh: '订单（编号 {id}）不存在，请从已有订单中选择',
    en: 'There is no order with Id {id}: choose an existing order',
  },
  notFound: { zh: '请求的资源不存在', en: 'Not found' },
  // concurrent edits (DESIGN §11): a save started from an older RowVersion
  editConflict: {
    zh: '记录已被他人修改，请核对后再保存',
    en: 'Someone else changed this record since you opened it: check and save again',
  },
  changedBy: { zh: '已被 {who} 于 {at} 修改', en: 'changed by {who} at {at}' },
  deletedBy: { zh: '已被 {who} 于 {at} 删除', en: 'deleted by {who} at {at}' },
  apiNotFound: { zh: '接口不存在', en: 'No such API' },
  serverError: { zh: '服务器错误，请稍后再试', en: 'Server error, please try again later' },
  tooManyRequests: {
    zh: '请求过于频繁，请稍后再试',
    en: 'Too many requests, please try again later',
  },
  payloadTooLarge: { zh: '提交的内容过大', en: 'The request is too large' },
  unsupportedMediaType: { zh: '不支持的内容类型', en: 'Unsupported content type' },
  loginFailed: { zh: '账号或密码不正确', en: 'Account or password incorrect' },
  unauthorized: { zh: '请先登录', en: 'Please sign in' },
  tokenExpired: { zh: '登录已过期', en: 'Your session has expired' },
  signInAgain: {
    zh: '您已一周未登录或已在其他地方登录，请重新登录',
    en: 'You have been away for a week or signed in elsewhere; please sign in again',
  },
  forbidden: { zh: '没有权限', en: 'You do not have permission' },
  // a grid call whose toolbar button the role hides: the refusal names what was refused
  deniedAdd: { zh: '您的角色不能在此新增记录', en: 'Your role may not add records here' },
  deniedDelete: { zh: '您的角色不能删除此处的记录', en: 'Your role may not delete records here' },
  deniedSave: { zh: '您的角色不能保存此处的修改', en: 'Your role may not save changes here' },
  deniedAudit: { zh: '您的角色不能审核此处的记录', en: 'Your role may not audit records here' },
  deniedImport: { zh: '您的角色不能在此导入', en: 'Your role may not import here' },
  deniedExport: { zh: '您的角色不能在此导出', en: 'Your role may not export here' },
  unavailable: {
    zh: '服务正在启动或维护，请稍后再试',
    en: 'The service is starting or under maintenance',
  },
  databaseUnavailable: {
    zh: '暂时无法连接数据库，请稍后再试',
    en: 'The database cannot be reached, try again in a moment',
  },
  storageFull: {
    zh: '服务器存储空间已满，请联系管理员',
    en: "The server's storage is full: tell your administrator",
  },
  loginLocked: {
    zh: '登录失败次数过多，请15分钟后再试',
    en: 'Too many failed sign-ins; try again in 15 minutes',
  },
  oldPasswordWrong: { zh: '原密码不正确', en: 'The current password is incorrect' },
  passwordChangeLocked: {
    zh: '原密码错误次数过多，请15分钟后再修改密码',
    en: 'Too many wrong current passwords; try changing your password again in 15 minutes',
  },
  passwordChanged: { zh: '密码修改成功', en: 'Password changed successfully' },
  mustChangePassword: { zh: '请先修改密码', en: 'Please change your password first' },
  registrationClosed: { zh: '暂不开放注册', en: 'Registration is closed' },
  userExists: { zh: '该用户名已被使用', en: 'This user name is taken' },
  smsCodeWrong: { zh: '验证码错误', en: 'Verification code wrong' },
  smsCodeSent: { zh: '验证码已发送', en: 'The verification code has been sent' },
  smsTooSoon: {
    zh: '验证码发送过于频繁，请稍后再试',
    en: 'Codes were asked for too often; please try again later',
  },
  smsLocked: {
    zh: '验证码错误次数过多，请15分钟后再试',
    en: 'Too many wrong codes; try again in 15 minutes',
  },
  smsSendFailed: {
    zh: '短信发送失败，请稍后再试',
    en: 'The text message could not be sent; please try again later',
  },
  mobileTaken: {
    zh: '该手机号已注册，请用手机验证码登录',
    en: 'This mobile number already has an account; sign in with a phone code',
  },
  phoneSeveralAccounts: {
    zh: '该手机号对应多个账号，请用账号和密码登录',
    en: 'Several accounts use this mobile number; sign in with your account name and password',
  },
  samePassword: {
    zh: '新密码不能与当前密码相同',
    en: 'The new password must differ from the current one',
  },
  registered: {
    zh: '注册成功，请等待管理员分配角色',
    en: 'Registered; an administrator will assign your role',
  },
  wechatNotConfigured: { zh: '未配置微信登录', en: 'WeChat sign-in is not configured' },
  wechatFailed: { zh: '微信登录失败，请重试', en: 'WeChat sign-in failed, please try again' },
  wechatNotBound: {
    zh: '该微信未绑定任何账号',
    en: 'This WeChat account is not bound to any account',
  },
  wechatTicketExpired: {
    zh: '微信登录已过期，请重新扫码',
    en: 'The WeChat sign-in expired, please start again',
  },
  wechatTooMany: {
    zh: '微信登录过于频繁，请稍后再试',
    en: 'Too many WeChat sign-ins; please try again later',
  },
  savedMessage: { zh: '留言已收到，我们会尽快与您联系', en: 'Thank you, we will contact you soon' },
  supplierFormSaved: {
    zh: '提交成功，我们会尽快与您联系',
    en: 'Submitted; we will contact you soon',
  },
  uploaded: { zh: '上传成功', en: 'Uploaded' },
  uploadNotMultipart: {
    zh: '请以表单（multipart/form-data）方式上传文件',
    en: 'Send the file as multipart/form-data',
  },
  uploadNoFile: { zh: '请选择要上传的文件', en: 'Please choose a file to upload' },
  uploadOneFile: { zh: '每次只能上传一个文件', en: 'Upload one file at a time' },
  uploadTooLarge: {
    zh: '文件过大，最大 {max} MB',
    en: 'The file is too large; the limit is {max} MB',
  },
  uploadType: {
    zh: '只能上传 JPG、PNG、GIF 或 WebP 图片（按文件内容识别，SVG、HTML 和其他文件不可上传）',
    en: 'Only JPG, PNG, GIF or WebP images can be uploaded (checked by content; SVG, HTML and other files are refused)',
  },
  uploadPixels: {
    zh: '图片尺寸过大（{width}×{height}），最多 {wan} 万像素',
    en: 'The image is too large ({width}×{height}); at most {max} megapixels',
  },
  uploadMalformed: {
    zh: '上传的内容不完整或格式不对（应为完整的 multipart/form-data 表单）',
    en: 'The upload is incomplete or malformed (a whole multipart/form-data form is expected)',
  },
  uploadBroken: { zh: '图片已损坏或无法读取', en: 'The image is damaged or cannot be read' },
  uploadFileType: {
    zh: '只能上传这些类型的文件：{types}（按文件内容识别，与文件名无关）',
    en: 'Only these file types can be uploaded: {types} (checked by content, whatever the file name says)',
  },
  filesOverLimit: {
    zh: '当前限制为 {limit} 个文件，本次提交 {count} 个文件',
    en: 'The current limit is {limit} files; this record has {count} files',
  },
  uploadSettingsSaved: { zh: '上传设置已保存', en: 'Upload settings saved' },
  uploadTypesInvalid: {
    zh: '文件类型只能从以下选择：{types}',
    en: 'File types can only be chosen from: {types}',
  },
  importXlsUnreadable: {
    zh: '无法读取这个 .xls 文件（已损坏或不是 Excel 工作簿）：请用 Excel、WPS 或 LibreOffice 打开后另存为 .xlsx 再导入',
    en: 'This .xls file cannot be read (damaged or not an Excel workbook): open it in Excel, WPS or LibreOffice, save it as .xlsx and import that',
  },
  importEncrypted: {
    zh: '工作簿设有密码，无法读取：请去掉密码另存后再导入',
    en: 'The workbook is password-protected: remove the password, save it and import it again',
  },
  importNotXlsx: {
    zh: '只能导入 Excel 文件（.xlsx 或 .xls）',
    en: 'Only Excel files (.xlsx or .xls) can be imported',
  },
  importTooBig: {
    zh: '文件解压后超过 {max} MB，请拆分后再导入',
    en: 'The file unpacks to more than {max} MB; split it and import the parts',
  },
  importDamaged: {
    zh: '文件已损坏（内容与其目录不符）：请在 Excel 或 WPS 中打开，重新保存后再导入',
    en: 'The file is damaged (its contents do not match its index): open it in Excel or WPS, save it again and import that',
  },
  importTooManyCells: {
    zh: '文件的单元格超过 {max} 个，请拆分后再导入',
    en: 'The file has more than {max} cells; split it and import the parts',
  },
  importRangesTooLarge: {
    zh: '文件中的合并单元格或超链接区域覆盖超过 {max} 个单元格：请取消合并（或将数值复制到新工作表）后再导入',
    en: 'The merged cells or hyperlink ranges of the file cover more than {max} cells: unmerge them (or copy the values to a new sheet) and import again',
  },
  importTooMuchText: {
    zh: '文件中的文字超过 {max} MB，请拆分后再导入',
    en: 'The file holds more than {max} MB of text; split it and import the parts',
  },
  importTooSlow: {
    zh: '读取文件超过 {seconds} 秒，已停止：请拆分文件，或在 Excel 中另存为新的 .xlsx 后再导入',
    en: 'Reading the file took more than {seconds} s and was stopped: split it, or save it as a new .xlsx in Excel, and import again',
  },
  importTooComplex: {
    zh: '读取文件所需内存超过服务器的上限，已停止：请拆分文件，或在 Excel 中另存为新的 .xlsx 后再导入',
    en: 'Reading the file needs more memory than the server allows and was stopped: split it, or save it as a new .xlsx in Excel, and import again',
  },
  importAddForbidden: {
    zh: '您的角色不能添加记录（“添加”按钮已隐藏）：文件中有 {count} 条新记录，未导入任何数据',
    en: 'Your role may not add records (the Add button is hidden): the file has {count} new row(s); nothing was imported',
  },
  importSaveForbidden: {
    zh: '您的角色不能保存记录（“保存”按钮已隐藏）：文件会保存 {count} 条记录，未导入任何数据',
    en: 'Your role may not save records (the Save button is hidden): the file would store {count} row(s); nothing was imported',
  },
  importBusy: {
    zh: '正在读取其他导入文件，请稍后再试',
    en: 'Other imports are being read; please try again in a moment',
  },
  importEmpty: { zh: '文件中没有数据行', en: 'The file has no data rows' },
  importNoColumns: {
    zh: '第一行没有可识别的列名（请使用导出文件的表头）',
    en: 'The first row names no known column (use the headers of an exported file)',
  },
  importTooManyRows: {
    zh: '每个文件最多导入 {max} 行',
    en: 'At most {max} rows can be imported per file',
  },
  importRejected: {
    zh: '{count} 行数据有误，未导入任何数据',
    en: '{count} row(s) refused; nothing was imported',
  },
  importPreview: {
    zh: '预览：新增 {insert} 行，修改 {update} 行，未变 {unchanged} 行，有误 {rejected} 行；尚未导入',
    en: 'Preview: {insert} new, {update} changed, {unchanged} unchanged, {rejected} refused; nothing imported yet',
  },
  importApplied: {
    zh: '已导入：新增 {insert} 行，修改 {update} 行，未变 {unchanged} 行',
    en: 'Imported: {insert} new, {update} changed, {unchanged} unchanged',
  },
  importStale: {
    zh: '预览之后数据或文件已有变化，请重新导入并确认新的预览',
    en: 'The records or the file changed since the preview; import the file again and check the new preview',
  },
  importWriteFailed: {
    zh: '写入时数据库拒绝了其中一行（可能是其他用户刚修改了数据），未导入任何数据；请重新导入并确认新的预览',
    en: 'The database refused a row while writing (another user may just have changed the records); nothing was imported. Import the file again and check the new preview',
  },
  importUnknownId: {
    zh: '没有此编号的记录（新增记录请留空编号）',
    en: 'No record has this Id (leave the Id empty for a new record)',
  },
  importDuplicateKey: {
    zh: '同一记录在文件中出现了两次',
    en: 'This record appears twice in the file',
  },
  importReadOnly: {
    zh: '导入不能修改此列（只能修改备注）',
    en: 'Import cannot change this column (only the remark)',
  },
  importFormula: {
    zh: '公式单元格没有保存的计算结果，请粘贴为数值后再导入',
    en: 'A formula cell without a saved result; paste it as values and import again',
  },
  importCellError: {
    zh: '单元格包含错误值（如 #N/A）',
    en: 'The cell holds an error value (such as #N/A)',
  },
  exportTooManyRows: {
    zh: '一个 Excel 工作表最多容纳 {max} 行，当前筛选有 {count} 行：请缩小筛选范围后再导出',
    en: 'One Excel sheet holds at most {max} rows and this filter matches {count}: narrow the filter and export again',
  },
  translateNotConfigured: { zh: '未配置翻译服务', en: 'Translation is not configured' },
  translateFailed: {
    zh: '翻译服务暂时不可用，请稍后再试',
    en: 'The translation service is unavailable, please try again later',
  },
  // SMS senders and one account per mobile number
  smsNotConfigured: {
    zh: '未配置短信服务，无法发送验证码',
    en: 'SMS is not configured: no verification code can be sent',
  },
  smsProviderThrottled: {
    zh: '短信服务商限制了向该号码发送短信的频率，请稍后再试',
    en: 'The SMS provider is limiting messages to this number; please try again later',
  },
  mobileInUse: {
    zh: '该手机号已被其他账号使用',
    en: 'This mobile number is used by another account',
  },
  mobileInUseBy: {
    zh: '该手机号已被账号 {account} 使用',
    en: 'This mobile number is already used by account {account}',
  },
  mobileCodeNeeded: {
    zh: '更换手机号需要验证：请获取并输入发送到新号码的验证码',
    en: 'Changing the mobile number needs the code sent to the new number: get it and enter it',
  },
} as const

/** Field-level messages for the rule codes of shared/contract/fields.ts. */
export const fieldMessages = {
  required: { zh: '此项为必填项', en: 'This field is required' },
  choose: { zh: '请选择', en: 'Please make a choice' },
  avatar: { zh: '请上传图片作为头像', en: 'Please upload a picture as the avatar' },
  phone: {
    zh: '请输入正确的手机号码，只能是数字',
    en: 'Please enter a correct phone number, digits only',
  },
  email: { zh: '邮箱格式不正确', en: 'The e-mail format is incorrect' },
  tooLong: { zh: '内容过长', en: 'This is too long' },
  passwordTooShort: { zh: '密码不能少于8位', en: 'The password must have at least 8 characters' },
  smsCode: { zh: '请输入手机验证码', en: 'Please input the phone verification code' },
  userNameFormat: {
    zh: '用户名为3-32位字母、数字、中文或 _ . -',
    en: 'The user name has 3-32 letters, digits, Chinese characters or _ . -',
  },
  phoneChars: {
    zh: '只能输入数字、空格、短横线、括号和开头的 +',
    en: 'Only digits, spaces, dashes, brackets and a leading +',
  },
  phoneStart: {
    zh: '请以 1（手机）、0（区号）或 +（国家代码）开头',
    en: 'Start with 1 (mobile), 0 (area code) or + (country code)',
  },
  phoneMobile: {
    zh: '手机号码为 1 开头的 11 位数字',
    en: 'A Chinese mobile number has 11 digits starting with 1',
  },
  phoneLandline: {
    zh: '固话：0 开头的区号加 7-8 位号码（010-12345678）',
    en: 'Landline: area code from 0, then 7-8 digits (010-12345678)',
  },
  phoneIntl: {
    zh: '国际号码：+ 国家代码，共 8-15 位数字（+44 20 7946 0958）',
    en: 'International: + country code, 8-15 digits (+44 20 7946 0958)',
  },
  phoneExt: { zh: '分机号为 1-6 位数字', en: 'An extension has 1-6 digits' },
  phoneOrEmail: { zh: '请留下电话或邮箱', en: 'Leave a phone number or an e-mail address' },
} as const

/** Field-level messages of the grid rules (shared/contract/grid-fields.ts, SPEC §5). */
export const gridFieldMessages = {
  orderNoRequired: { zh: '订单号必填', en: 'Order number required' },
  orderNoTaken: { zh: '订单号已存在', en: 'This order number already exists' },
  orderNotFound: { zh: '订单不存在', en: 'No such order' },
  recordNotFound: { zh: '记录不存在或已被删除', en: 'The record does not exist or was deleted' },
  number: { zh: '请输入数字', en: 'Please enter a number' },
  integer: { zh: '数量必须是整数', en: 'The quantity must be a whole number' },
  nonNegative: { zh: '不能小于0', en: 'Must not be less than 0' },
  decimals3: { zh: '最多保留3位小数', en: 'At most 3 decimals' },
  tooLarge: { zh: '数值过大', en: 'The number is too large' },
  date: { zh: '日期格式不正确', en: 'The date is not valid' },
  qualifiedOverQuantity: {
    zh: '合格数量不能大于检验数量',
    en: 'The qualified quantity cannot exceed the inspected quantity',
  },
  unit: { zh: '单位只能是 kg、件、吨或米', en: 'The unit must be kg, pcs, t or m' },
  fileUrl: {
    zh: '文件地址无效，请重新上传',
    en: 'The file address is not valid; upload the file again',
  },
  filesLimit: { zh: '文件数量超过上限', en: 'Too many files' },
  area: { zh: '地区不存在', en: 'Unknown area' },
} as const satisfies Record<GridErrorCode, { zh: string; en: string }>

/** Messages of the helper checks of shared/contract/validators.ts (SPEC §5). */
export const validatorMessages = {
  idCard: { zh: '身份证号格式不正确', en: 'The ID card number format is incorrect' },
  nameFormat: { zh: '只能输入字母、数字或中文', en: 'Only letters, digits or Chinese characters' },
  amount: {
    zh: '请输入正确的金额，最多两位小数',
    en: 'Please enter a correct amount, at most 2 decimals',
  },
  port: { zh: '端口号应为 0-65535', en: 'The port must be from 0 to 65535' },
  ip: { zh: 'IP 地址格式不正确', en: 'The IP address format is incorrect' },
  url: { zh: '网址格式不正确', en: 'The URL format is incorrect' },
  tel: { zh: '电话号码格式不正确', en: 'The telephone number format is incorrect' },
} as const satisfies Record<ValidatorErrorCode, { zh: string; en: string }>

/** Messages of the content save rules (shared/contract/content-fields.ts). */
export const contentFieldMessages = {
  imageUrl: { zh: '请上传图片', en: 'Please upload an image' },
  link: {
    zh: '链接应为站内路径（以 / 开头）或 http(s) 网址',
    en: 'The link must be a site path (starting with /) or an http(s) URL',
  },
  imageRequired: { zh: '请上传图片', en: 'Please upload an image' },
  tooManyImages: { zh: '图片数量超过上限', en: 'Too many images' },
  categoryNotFound: { zh: '请选择产品分类', en: 'Please choose a product category' },
  categoryNotEmpty: {
    zh: '该分类下还有产品，请先将产品移到其他分类再删除',
    en: 'This category still has products: move them to another category first, then remove it',
  },
  userNotFound: { zh: '账号不存在', en: 'No such account' },
  integerRange: { zh: '数值超出范围', en: 'The number is out of range' },
} as const satisfies Record<ContentErrorCode, { zh: string; en: string }>

/** Messages of the system settings rules (shared/contract/system-fields.ts). */
export const systemFieldMessages = {
  roleCode: {
    zh: '角色代码为2-32位小写字母、数字、_ 或 -，以字母开头',
    en: 'The role code has 2-32 lower-case letters, digits, _ or -, starting with a letter',
  },
  roleTaken: { zh: '该角色代码已存在', en: 'This role code already exists' },
  roleNotFound: { zh: '角色不存在', en: 'No such role' },
  roleInUse: {
    zh: '还有用户属于该角色，不能删除',
    en: 'Users still hold this role; it cannot be removed',
  },
  adminRoleLocked: {
    zh: '内置管理员角色不能删除，也不能去掉其权限或菜单',
    en: 'The built-in admin role cannot be removed or lose abilities or menu entries',
  },
  ability: { zh: '未知的权限', en: 'Unknown ability' },
  gridPermission: {
    zh: '权限字符串格式为 button-代码-属性-值 或 column-字段-属性-值',
    en: 'A permission string is button-code-property-value or column-field-property-value',
  },
  menuNotFound: { zh: '菜单不存在', en: 'No such menu entry' },
  menuPath: {
    zh: '路径必须是已有的后台页面、以 / 开头的分组路径或 http(s) 网址',
    en: 'The path must be an existing staff page, a group path starting with /, or an http(s) URL',
  },
  menuComponent: {
    zh: '未知的组件：分组用 Layout，页面用它的路径（如 admin/lunbo）',
    en: 'Unknown component: groups use Layout, pages their path (e.g. admin/lunbo)',
  },
  menuRedirect: {
    zh: '重定向必须是已有的后台页面',
    en: 'The redirect must be an existing staff page',
  },
  menuParent: {
    zh: '上级菜单必须是一个分组，且不能是它自己或它的下级',
    en: 'The parent must be a group, not the entry itself or one below it',
  },
  menuName: {
    zh: '名称为1-64位字母或数字，且不能重复',
    en: 'The name has 1-64 letters or digits and must be unique',
  },
  menuHasChildren: {
    zh: '该分组下还有菜单，不能删除',
    en: 'This group still has entries and cannot be removed',
  },
  departmentNotFound: { zh: '部门不存在', en: 'No such department' },
  departmentNotEmpty: {
    zh: '该部门下还有子部门或用户，不能删除',
    en: 'This department still has sub-departments or users and cannot be removed',
  },
  departmentCycle: {
    zh: '不能移动到它自己或它的下级部门下',
    en: 'A department cannot move below itself',
  },
  loginTaken: { zh: '该用户名已被使用', en: 'This user name is taken' },
  ownAccount: {
    zh: '不能禁用、删除自己的账号或更改自己的角色',
    en: 'You cannot ban or remove your own account or change your own role',
  },
} as const satisfies Record<SystemErrorCode, { zh: string; en: string }>

/** Messages of the column prefs rules (shared/contract/column-prefs.ts). */
export const columnPrefsMessages = {
  columnPrefsGrid: { zh: '未知的表格', en: 'Unknown grid' },
  columnPrefsColumn: {
    zh: '列名应为字母开头的字母、数字或下划线，最多64位，且不能重复',
    en: 'A column name has letters, digits or _, starts with a letter, is at most 64 long and appears once',
  },
  columnPrefsTooMany: { zh: '列数超过上限（最多100列）', en: 'Too many columns (at most 100)' },
} as const satisfies Record<ColumnPrefsErrorCode, { zh: string; en: string }>

/** Messages of input checks shared by every list (shared/contract/validators.ts `searchKeyword`). */
export const inputMessages = {
  [keywordControlCode]: {
    zh: '搜索关键词不能包含控制字符',
    en: 'The search keyword cannot contain control characters',
  },
} as const satisfies Record<string, { zh: string; en: string }>

/** The text of a shared rule code (fields.ts, validators.ts, grid-fields.ts, content-fields.ts), or undefined for other codes. */
export function ruleMessage(code: string, lang: Lang): string | undefined {
  if (isFieldErrorCode(code)) return fieldMessages[code][lang]
  if (isValidatorErrorCode(code)) return validatorMessages[code][lang]
  if (isGridErrorCode(code)) return gridFieldMessages[code][lang]
  if (isContentErrorCode(code)) return contentFieldMessages[code][lang]
  if (isSystemErrorCode(code)) return systemFieldMessages[code][lang]
  if (isColumnPrefsErrorCode(code)) return columnPrefsMessages[code][lang]
  if (code === keywordControlCode) return inputMessages[code][lang]
  return undefined
}

export type MessageKey = keyof typeof messages

/** The language a request asks for: `lang` header, then Accept-Language; Chinese by default. */
export function requestLang(req: Pick<FastifyRequest, 'headers'>): Lang {
  const explicit = req.headers['lang'] ?? req.headers['x-lang']
  const raw =
    (Array.isArray(explicit) ? explicit[0] : explicit) ?? req.headers['accept-language'] ?? ''
  const first = raw.split(',')[0]?.trim().toLowerCase() ?? ''
  return first.startsWith('en') ? 'en' : 'zh'
}

/** The message in a language; `{name}` placeholders are filled from params. */
export function t(key: MessageKey, lang: Lang, params?: Record<string, string | number>): string {
  const text: string = messages[key][lang]
  return params
    ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m))
    : text
}
