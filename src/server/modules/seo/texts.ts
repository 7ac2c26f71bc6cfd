import type { Lang } from '../../i18n.ts'

/**
 * The public site's own words in the server-rendered pages, as the client's site catalogs
 * (`locales/{zh,en}/site.po`) have them, so the first HTML reads as the app that takes over
 * from it. `tests/server/seo-texts.test.ts` checks each against the catalogs.
 */
export const siteTexts = {
  'Forgeline Precision': { zh: '锻联精密', en: 'Forgeline Precision' },
  'Jiangsu Forgeline Precision Machinery: forged and machined automotive parts — crankshafts, connecting rods, gears, flanges, steering knuckles and hubs.':
    {
      zh: '江苏锻联精密机械：汽车锻件与精密机加工零部件——曲轴、连杆、齿轮、法兰、转向节与轮毂。',
      en: 'Jiangsu Forgeline Precision Machinery: forged and machined automotive parts — crankshafts, connecting rods, gears, flanges, steering knuckles and hubs.',
    },
  Home: { zh: '首页', en: 'Home' },
  'About us': { zh: '关于我们', en: 'About us' },
  Products: { zh: '产品', en: 'Products' },
  'Product centre': { zh: '产品中心', en: 'Product centre' },
  'Product detail': { zh: '产品详情', en: 'Product detail' },
  Equipment: { zh: '设备展示', en: 'Equipment' },
  News: { zh: '新闻资讯', en: 'News' },
  'Contact us': { zh: '联系我们', en: 'Contact us' },
  'Become a supplier': { zh: '供应商申请', en: 'Become a supplier' },
  'Main menu': { zh: '主菜单', en: 'Main menu' },
  'Part number': { zh: '零件号', en: 'Part number' },
  Specifications: { zh: '技术参数', en: 'Specifications' },
  'Product not found': { zh: '未找到该产品', en: 'Product not found' },
  'This product does not exist or is no longer offered.': {
    zh: '该产品不存在或已下架。',
    en: 'This product does not exist or is no longer offered.',
  },
  'Back to the product centre': { zh: '返回产品中心', en: 'Back to the product centre' },
  'News item not found': { zh: '未找到该新闻', en: 'News item not found' },
  'Back to the news': { zh: '返回新闻列表', en: 'Back to the news' },
  'Ask for a quotation': { zh: '询价', en: 'Ask for a quotation' },
  Address: { zh: '地址', en: 'Address' },
  Phone: { zh: '电话', en: 'Phone' },
  Fax: { zh: '传真', en: 'Fax' },
  Mail: { zh: '邮箱', en: 'Mail' },
  Website: { zh: '网址', en: 'Website' },
  'Suppliers: apply to work with us': {
    zh: '供应商合作申请',
    en: 'Suppliers: apply to work with us',
  },
  All: { zh: '全部', en: 'All' },
  'No products in this category yet': {
    zh: '该分类暂无产品',
    en: 'No products in this category yet',
  },
  'Precision forgings for the automotive industry': {
    zh: '服务汽车工业的精密锻件',
    en: 'Precision forgings for the automotive industry',
  },
  'More about us': { zh: '了解更多', en: 'More about us' },
  'Product categories': { zh: '产品分类', en: 'Product categories' },
  'Featured products': { zh: '推荐产品', en: 'Featured products' },
  'All products': { zh: '全部产品', en: 'All products' },
  'Latest news': { zh: '最新动态', en: 'Latest news' },
  'All news': { zh: '全部新闻', en: 'All news' },
  'Units: {0}': { zh: '数量：{0} 台', en: 'Units: {0}' },
  'Want to supply us? Send the supplier form': {
    zh: '希望成为我们的供应商？请填写供应商申请',
    en: 'Want to supply us? Send the supplier form',
  },
  'We buy steel bar, forgings, heat treatment, machining, surface treatment and tooling. Tell us what you offer: our purchasing department reads every form.':
    {
      zh: '我们采购钢材、锻件、热处理、机加工、表面处理和刀具。请告诉我们您能提供什么：采购部会认真阅读每一份申请。',
      en: 'We buy steel bar, forgings, heat treatment, machining, surface treatment and tooling. Tell us what you offer: our purchasing department reads every form.',
    },
  'Page not found': { zh: '页面不存在', en: 'Page not found' },
  'This page does not exist.': { zh: '该页面不存在。', en: 'This page does not exist.' },
  'Search products': { zh: '搜索产品', en: 'Search products' },
  'Product name or part number': { zh: '产品名称或零件号', en: 'Product name or part number' },
  Search: { zh: '搜索', en: 'Search' },
  'Back to the home page': { zh: '返回首页', en: 'Back to the home page' },
  'Products matching “{keyword}”': {
    zh: '与“{keyword}”相关的产品',
    en: 'Products matching “{keyword}”',
  },
  'No product matches this search': {
    zh: '没有符合该搜索的产品',
    en: 'No product matches this search',
  },
  'In Chinese': { zh: '中文', en: 'In Chinese' },
} as const satisfies Record<string, Record<Lang, string>>

export type SiteText = keyof typeof siteTexts

/** A site text in a language; `{0}` is filled from `arg`. */
export const st = (key: SiteText, lang: Lang, arg?: string | number): string =>
  arg === undefined ? siteTexts[key][lang] : siteTexts[key][lang].replace('{0}', String(arg))
