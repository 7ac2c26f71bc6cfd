import type {
  AboutPage,
  Category,
  ContactInfo,
  EquipmentItem,
  NewsDetail,
  ProductDetail,
  Slide,
} from '#shared/contract/content'

const img = '/images/default-category.webp'

export const mockSlides: Slide[] = [
  {
    Id: 1,
    Image: img,
    ImageSm: img,
    Title: '精锻汽车零部件',
    TitleEn: 'Precision-forged automotive parts',
    Link: '/products',
  },
  {
    Id: 2,
    Image: img,
    ImageSm: img,
    Title: '从毛坯到成品',
    TitleEn: 'From billet to finished part',
    Link: '/aboutus',
  },
]

export const mockCategories: Category[] = [
  { Id: 1, Title: '曲轴', TitleEn: 'Crankshafts', ImgUrl: [{ url: img }], Sort: 10 },
  { Id: 2, Title: '转向节', TitleEn: 'Steering knuckles', ImgUrl: [{ url: img }], Sort: 20 },
  { Id: 3, Title: '齿轮毛坯', TitleEn: 'Gear blanks', ImgUrl: [{ url: img }], Sort: 30 },
]

const product = (
  Id: number,
  CategoryId: number,
  Title: string,
  TitleEn: string,
  PartNo: string,
  Featured: boolean,
): ProductDetail => {
  const c = mockCategories.find((x) => x.Id === CategoryId)!
  return {
    Id,
    CategoryId,
    Title,
    TitleEn,
    PartNo,
    Summary: `${Title}，热模锻成形，整体调质。`,
    SummaryEn: `${TitleEn}, hot die forged and quenched and tempered.`,
    Image: img,
    Featured,
    Body: `${Title}为模拟数据（npm run dev:mock）。`,
    BodyEn: `${TitleEn}: mock data (npm run dev:mock).`,
    BodyHtml: `<p>${Title}为模拟数据（npm run dev:mock）。</p>\n`,
    BodyEnHtml: `<p>${TitleEn}: mock data (npm run dev:mock).</p>\n`,
    Images: [{ url: img, thumb: img }],
    Specs: [{ Name: '材料', NameEn: 'Material', Value: '42CrMo', ValueEn: '' }],
    CategoryTitle: c.Title,
    CategoryTitleEn: c.TitleEn,
  }
}

export const mockProducts: ProductDetail[] = [
  product(1, 1, '四缸发动机曲轴', 'Four-cylinder crankshaft', 'CK-4102', true),
  product(2, 1, '六缸发动机曲轴', 'Six-cylinder crankshaft', 'CK-6113', false),
  product(3, 2, '重卡转向节', 'Heavy-truck steering knuckle', 'SK-2201', true),
  product(4, 3, '主减速器齿圈毛坯', 'Final-drive ring gear blank', 'RG-3305', true),
]

export const mockContact: ContactInfo = {
  Company: '锻联精密零部件有限公司',
  CompanyEn: 'Forgeline Precision Parts Co., Ltd.',
  Address: '示例省示例市工业园区 1 号',
  AddressEn: '1 Industrial Park, Example City',
  Phone: '+86 000 0000 0000',
  Fax: '+86 000 0000 0001',
  Mail: 'sales@example.com',
  Website: 'https://example.com',
  Qr: [],
}

export const mockAbout: AboutPage = {
  Title: '关于我们',
  TitleEn: 'About us',
  Body: '这是模拟模式（npm run dev:mock）下的公司简介。',
  BodyEn: 'The company profile in mock mode (npm run dev:mock).',
  Images: [{ url: img }],
}

export const mockNews: NewsDetail[] = [
  {
    Id: 2,
    Title: '通过 IATF 16949 监督审核',
    TitleEn: 'IATF 16949 surveillance audit passed',
    Summary: '审核未发现严重不符合项。',
    SummaryEn: 'No major nonconformities were found.',
    Image: img,
    PublishedAt: '2025-03-01T08:00:00.000Z',
    Body: '审核未发现严重不符合项。',
    BodyEn: 'No major nonconformities were found.',
    BodyHtml: '<p>审核未发现严重不符合项。</p>\n',
    BodyEnHtml: '<p>No major nonconformities were found.</p>\n',
    Gallery: [],
  },
  {
    Id: 1,
    Title: '新锻造线投产',
    TitleEn: 'New forging line in production',
    Summary: '4000 吨热模锻压力机投入使用。',
    SummaryEn: 'A 4,000-tonne hot forging press started work.',
    Image: img,
    PublishedAt: '2025-01-15T08:00:00.000Z',
    Body: '4000 吨热模锻压力机投入使用。',
    BodyEn: 'A 4,000-tonne hot forging press started work.',
    BodyHtml: '<p>4000 吨热模锻压力机投入使用。</p>\n',
    BodyEnHtml: '<p>A 4,000-tonne hot forging press started work.</p>\n',
    Gallery: [],
  },
]

export const mockEquipment: EquipmentItem[] = [
  {
    Id: 1,
    Name: '热模锻压力机',
    NameEn: 'Hot die forging press',
    Description: '4000 吨',
    DescriptionEn: '4,000 tonnes',
    Image: img,
    Gallery: [],
    Quantity: 2,
  },
  {
    Id: 2,
    Name: '数控车床',
    NameEn: 'CNC lathe',
    Description: '曲轴精加工',
    DescriptionEn: 'Crankshaft finishing',
    Image: img,
    Gallery: [],
    Quantity: 24,
  },
]
