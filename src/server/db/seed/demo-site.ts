import type { Insertable } from 'kysely'
import type {
  CarouselTable,
  ContactInfoTable,
  EquipmentTable,
  LeavingTable,
  NewsTable,
  PageTable,
} from '../schema.ts'
import { paragraphs, type DemoClock } from './demo-util.ts'

/** Demo website content besides the catalogue: slides, contact, profile, news, equipment, messages. */

type Image = (file: string) => string

export const demoCompany = {
  name: '江苏锻联精密机械有限公司',
  nameEn: 'Jiangsu Forgeline Precision Machinery Co., Ltd.',
}

/** `firstCategoryId` makes the product slide open the crankshaft category. */
export function demoCarousel(image: Image, firstCategoryId: number): Insertable<CarouselTable>[] {
  const slides = [
    {
      title: '精密锻造，成就可靠动力',
      titleEn: 'Precision forging for reliable power',
      link: `/products?sort=${firstCategoryId}`,
    },
    {
      title: '二十余年专注汽车锻件',
      titleEn: 'Over 25 years of automotive forgings',
      link: '/aboutus',
    },
    {
      title: '先进装备，稳定交付',
      titleEn: 'Modern equipment, dependable delivery',
      link: '/equipment',
    },
  ]
  return slides.map((s, i) => ({
    image: image(`carousel-${i + 1}.webp`),
    image_sm: image(`carousel-${i + 1}-sm.webp`),
    title: s.title,
    title_en: s.titleEn,
    link: s.link,
    sort: i + 1,
    enabled: 1,
  }))
}

export function demoContact(image: Image, clock: DemoClock): Insertable<ContactInfoTable> {
  return {
    id: 1,
    company: demoCompany.name,
    company_en: demoCompany.nameEn,
    address: '江苏省常州市武进国家高新技术产业开发区锻联路18号（邮编213164）',
    address_en:
      'No. 18 Duanlian Road, Wujin National Hi-tech Industrial Zone, Changzhou, Jiangsu 213164, China',
    phone: '+86 519 8888 6601',
    fax: '+86 519 8888 6609',
    mail: 'sales@forgeline.example.com',
    website: 'https://forgeline.example.com',
    qr1: image('qr-wechat.png'),
    qr1_title: '微信公众号',
    qr1_title_en: 'WeChat official account',
    qr2: image('qr-site.png'),
    qr2_title: '手机网站',
    qr2_title_en: 'Mobile website',
    updated_at: clock.at(30, 2),
  }
}

export function demoAboutPage(image: Image, clock: DemoClock): Insertable<PageTable> {
  return {
    key: 'about',
    title: '关于我们',
    title_en: 'About us',
    body: paragraphs([
      '江苏锻联精密机械有限公司创建于1998年，坐落于江苏省常州市武进国家高新技术产业开发区，是一家专业从事汽车锻件研发、锻造、热处理和精密机加工的国家高新技术企业。公司主要产品包括曲轴、连杆、齿轮、法兰、转向节、轮毂与半轴六大类，广泛应用于乘用车、商用车和新能源汽车。',
      '公司占地面积65,000平方米，现有员工320人，其中工程技术人员58人。经过二十余年的发展，已形成从钢材下料、中频加热、模锻成形、热处理到数控加工、检测包装的完整生产链，拥有1600吨至4000吨液压锻造压力机生产线6条、机器人自动锻造单元5套、数控加工中心46台，年产锻件38,000吨，年加工成品零件260万件。',
      '公司建立了完善的质量管理体系，先后通过ISO 9001、IATF 16949汽车行业质量管理体系和ISO 14001环境管理体系认证。检测中心配备三坐标测量机、齿轮测量中心、直读光谱仪、金相显微镜和磁粉、超声波探伤设备，可完成从原材料到成品的全项目检验，关键产品实现逐件追溯。',
      '凭借稳定的质量和快速的响应，公司与国内多家主机厂、发动机厂、车桥厂和一级供应商建立了长期合作关系，产品同时出口德国、美国、墨西哥、泰国等国家和地区，连续多年获得客户颁发的优秀供应商称号。',
      '公司设有江苏省汽车精密锻件工程技术研究中心，与多所高校开展产学研合作，运用有限元锻造模拟、拓扑优化和快速模具制造技术，可在45天内完成新产品从图纸到样件的开发，累计获得发明和实用新型专利42项。锻联人秉承“精锻每一件，联动全世界”的理念，愿与国内外客户携手，共创未来。',
    ]),
    body_en: paragraphs([
      'Founded in 1998 and based in the Wujin National Hi-tech Industrial Zone of Changzhou, Jiangsu, Jiangsu Forgeline Precision Machinery Co., Ltd. is a high-tech enterprise specialising in the development, forging, heat treatment and precision machining of automotive forgings. Our six product families — crankshafts, connecting rods, gears, flanges, steering knuckles, and wheel hubs and axle shafts — serve passenger cars, commercial vehicles and new energy vehicles.',
      'The company occupies 65,000 m² and employs 320 people, 58 of them engineers and technicians. Over more than two decades we have built a complete production chain from bar cutting, induction heating and closed-die forging through heat treatment to CNC machining, inspection and packing. We run six hydraulic forging press lines from 1,600 to 4,000 tonnes, five robotic forging cells and 46 CNC machining centres, producing 38,000 tonnes of forgings and 2.6 million finished parts a year.',
      'Our quality management system is certified to ISO 9001, IATF 16949 and ISO 14001. The inspection centre is equipped with coordinate measuring machines, a gear measuring centre, an optical emission spectrometer, metallurgical microscopes and magnetic particle and ultrasonic testing equipment, covering every check from raw material to finished part, with part-by-part traceability for key products.',
      'Consistent quality and quick response have earned us long-term partnerships with vehicle makers, engine plants, axle manufacturers and tier-1 suppliers across China. We also export to Germany, the United States, Mexico and Thailand, and customers have named us an outstanding supplier for many years running.',
      'Our Jiangsu Provincial Engineering Research Centre for Automotive Precision Forgings works with several universities and uses finite-element forging simulation, topology optimisation and rapid die making to take a new part from drawing to sample in 45 days. We hold 42 invention and utility model patents. Guided by our motto “Every part precisely forged, connected to the world”, we look forward to working with customers at home and abroad.',
    ]),
    images: JSON.stringify([{ url: image('about-1.webp') }, { url: image('about-2.webp') }]),
    updated_at: clock.at(30, 2, 30),
  }
}

type NewsText = {
  title: string
  titleEn: string
  summary: string
  summaryEn: string
  body: string[]
  bodyEn: string[]
  image: string
}

/** Newest first. */
const newsItems: NewsText[] = [
  {
    title: '锻联精密亮相2026华东汽车零部件采购大会',
    titleEn: 'Forgeline exhibits at the 2026 East China Auto Parts Sourcing Fair',
    summary: '公司携曲轴、转向节和电驱动桥法兰等新品参展，三天内接待国内外客户120余家。',
    summaryEn:
      'We showed new crankshafts, steering knuckles and e-axle flanges, and welcomed more than 120 visiting companies from China and abroad over three days.',
    body: [
      '10月中旬，2026华东汽车零部件采购大会在上海举行。公司以“精锻轻量化，助力新能源”为主题，展出了混动发动机曲轴、新能源汽车轻量化转向节和电驱动桥输出法兰等十余款产品。',
      '展会期间，展台共接待来自德国、墨西哥、泰国及国内的客户120余家，现场达成意向合作项目9项。多家新能源整车企业对拓扑优化转向节表现出浓厚兴趣，并约定后续到厂审核。',
      '公司总经理表示，将继续加大在轻量化锻件和电驱动零部件领域的研发投入，为客户提供从设计到量产的一站式服务。',
    ],
    bodyEn: [
      'The 2026 East China Auto Parts Sourcing Fair took place in Shanghai in mid-October. Under the theme “Lightweight precision forging for new energy”, we showed more than ten products, including a hybrid engine crankshaft, a lightweight knuckle for new energy vehicles and an e-axle output flange.',
      'Our stand welcomed more than 120 companies from Germany, Mexico, Thailand and across China, and nine projects moved to the quotation stage on site. Several new energy vehicle makers showed strong interest in the topology-optimised knuckle and arranged plant audits.',
      'Our general manager said the company will keep increasing investment in lightweight forgings and e-drive components, offering customers a one-stop service from design to series production.',
    ],
    image: 'news-1.webp',
  },
  {
    title: '4000吨液压锻造生产线正式投产',
    titleEn: 'New 4,000-tonne hydraulic forging line enters production',
    summary: '新生产线配备机器人上下料和在线测温系统，重型曲轴和转向节产能提升40%。',
    summaryEn:
      'With robotic handling and in-line temperature monitoring, the new line raises capacity for heavy crankshafts and knuckles by 40%.',
    body: [
      '8月下旬，公司投资6,800万元建设的4000吨液压锻造生产线通过验收并正式投产。生产线由中频感应加热炉、辊锻机、4000吨液压锻造压力机、切边压力机和控冷输送线组成，配备6台工业机器人完成上下料和工序间转运。',
      '新线全面应用在线测温、模具温度监控和锻件激光打码追溯，单班可生产重型曲轴或重卡转向节锻件180件，相关产品产能提升约40%，锻件重量一致性和尺寸精度也明显改善。',
    ],
    bodyEn: [
      'In late August our 4,000-tonne hydraulic forging line, a CNY 68 million investment, passed acceptance and entered production. It consists of an induction heater, a forging roll, the 4,000-tonne hydraulic press, a trimming press and a controlled-cooling conveyor, with six industrial robots handling loading, unloading and transfers.',
      'The line uses in-line temperature measurement, die temperature monitoring and laser marking of every forging. One shift can make 180 heavy crankshaft or truck knuckle forgings, raising capacity for these parts by about 40% and noticeably improving weight consistency and dimensional accuracy.',
    ],
    image: 'news-2.webp',
  },
  {
    title: '公司顺利通过IATF 16949监督审核',
    titleEn: 'Forgeline passes IATF 16949 surveillance audit',
    summary: '审核组对公司过程控制、产品追溯和持续改进工作给予充分肯定，审核零严重不符合项。',
    summaryEn:
      'The auditors praised our process control, traceability and continuous improvement, and found no major nonconformities.',
    body: [
      '6月中旬，第三方认证机构审核组对公司进行了为期三天的IATF 16949:2016质量管理体系监督审核。审核组深入锻造、热处理、机加工车间和检测中心，对产品实现过程、特殊特性管理和供应商管理等进行了全面审查。',
      '审核结果为零严重不符合项，仅有2项轻微不符合项，已于两周内完成整改并关闭。审核组特别肯定了公司锻件激光打码追溯系统和热处理过程实时监控的做法。',
    ],
    bodyEn: [
      'In mid-June a team from our certification body spent three days on the IATF 16949:2016 surveillance audit. The auditors visited the forging, heat-treatment and machining shops and the inspection centre, reviewing product realisation, special characteristics and supplier management.',
      'The audit found no major nonconformities and only two minor ones, which were corrected and closed within two weeks. The auditors singled out our laser-marking traceability system and real-time monitoring of heat treatment as good practice.',
    ],
    image: 'news-3.webp',
  },
  {
    title: '2026年度职工技能比武圆满落幕',
    titleEn: 'Annual skills competition for shop-floor staff concludes',
    summary: '来自锻造、热处理、数控加工和质检岗位的86名员工参加比武，12名选手获评“技术能手”。',
    summaryEn:
      '86 employees from forging, heat treatment, CNC machining and inspection took part, and 12 were named “Skilled Craftsmen”.',
    body: [
      '4月下旬，公司举办2026年度职工技能比武，设置锻造操作、模具装调、数控编程与加工、三坐标测量四个项目，共有86名一线员工参赛。',
      '比赛采用理论考试与实操考核相结合的方式，评委由公司技术骨干和外聘专家组成。最终12名选手获评“技术能手”，公司为获奖员工颁发证书和奖金，并优先推荐参加常州市技能大赛。',
      '公司每年投入专项资金用于员工培训，通过“师带徒”和技能等级评定，持续培养高素质的产业工人队伍。',
    ],
    bodyEn: [
      'In late April we held our 2026 skills competition in four disciplines: forging operation, die setting, CNC programming and machining, and CMM measurement. 86 shop-floor employees took part.',
      'Contestants sat a written test and a practical assessment judged by our senior technicians and invited experts. Twelve were named “Skilled Craftsmen” and received certificates and bonuses, and they will be nominated first for the Changzhou city skills contest.',
      'Every year the company funds training for its people, building a highly skilled workforce through mentoring and skill-level certification.',
    ],
    image: 'news-4.webp',
  },
  {
    title: '首批新能源汽车转向节发运欧洲',
    titleEn: 'First batch of NEV steering knuckles ships to Europe',
    summary: '经过18个月的联合开发和认证，公司为欧洲客户开发的轻量化转向节进入批量供货阶段。',
    summaryEn:
      'After 18 months of joint development and approval, the lightweight knuckle we developed for a European customer has entered series supply.',
    body: [
      '3月初，公司为欧洲客户开发的新能源汽车轻量化转向节首批12,000件在厂区装柜，经上海港发往德国。',
      '该项目自2024年9月启动，历经设计优化、样件试制、台架试验和PPAP批准。产品通过拓扑优化减重约15%，全部锻件实现逐件激光打码追溯，这也是公司转向节产品首次批量进入欧洲市场。',
    ],
    bodyEn: [
      'In early March the first 12,000 lightweight steering knuckles developed for a European customer were loaded into containers at our plant and shipped to Germany through the port of Shanghai.',
      'Launched in September 2024, the project went through design optimisation, sample making, rig testing and PPAP approval. Topology optimisation cut the part’s weight by about 15%, every forging is laser marked for traceability, and this is the first time our knuckles have entered the European market in volume.',
    ],
    image: 'news-5.webp',
  },
  {
    title: '公司荣获客户“年度优秀供应商”称号',
    titleEn: 'Forgeline named Supplier of the Year by a key customer',
    summary: '在客户2025年度供应商大会上，公司凭借零批次不良和100%准时交付获得表彰。',
    summaryEn:
      'At a customer’s 2025 supplier conference we were recognised for zero defective batches and 100% on-time delivery.',
    body: [
      '1月上旬，公司受邀参加上海一家发动机系统客户的2025年度供应商大会，并荣获“年度优秀供应商”称号。',
      '2025年，公司向该客户供应曲轴和裂解连杆共计46万件，实现零批次不良、100%准时交付，并配合客户完成两款新机型的同步开发。',
      '公司将以此为契机，持续推进精益生产和质量改进，为客户提供更优质的产品和服务。',
    ],
    bodyEn: [
      'In early January we attended the 2025 supplier conference of an engine systems customer in Shanghai and were named its Supplier of the Year.',
      'In 2025 we delivered 460,000 crankshafts and fracture-split connecting rods to this customer with zero defective batches and 100% on-time delivery, and took part in the simultaneous development of two new engines.',
      'We will build on this recognition by continuing lean production and quality improvement to serve our customers even better.',
    ],
    image: 'news-3.webp',
  },
]

/** Fixed 2026 dates (Beijing mid-morning), newest first; moved back if the clock is earlier. */
const newsDates = [
  '2026-10-16T02:30:00.000Z',
  '2026-08-27T01:30:00.000Z',
  '2026-06-19T03:00:00.000Z',
  '2026-04-24T02:00:00.000Z',
  '2026-03-06T01:00:00.000Z',
  '2026-01-09T02:00:00.000Z',
]

function newsPublishedAt(now: Date): string[] {
  const t = now.getTime()
  if (Date.parse(newsDates[0] ?? '') < t) return newsDates
  const start = Date.parse('2026-01-01T01:00:00.000Z')
  const n = newsDates.length
  if (t - start > n * 3_600_000) {
    // spread over the part of 2026 that has passed, newest first
    return newsDates.map((_, i) =>
      new Date(start + Math.floor(((t - start) * (n - i)) / (n + 1))).toISOString(),
    )
  }
  return newsDates.map((_, i) => new Date(t - (i + 1) * 86_400_000).toISOString())
}

export function demoNews(image: Image, now: Date): Insertable<NewsTable>[] {
  const dates = newsPublishedAt(now)
  return newsItems.map((n, i) => ({
    title: n.title,
    title_en: n.titleEn,
    summary: n.summary,
    summary_en: n.summaryEn,
    body: paragraphs(n.body),
    body_en: paragraphs(n.bodyEn),
    image: image(n.image),
    published: 1,
    published_at: dates[i] ?? now.toISOString(),
  }))
}

export function demoEquipment(image: Image): Insertable<EquipmentTable>[] {
  const items = [
    {
      name: '液压锻造压力机生产线',
      nameEn: 'Hydraulic forging press lines',
      description:
        '1600吨至4000吨液压锻造压力机，配套中频感应加热炉和辊锻制坯，可锻造0.3–130 kg的曲轴、转向节、法兰等锻件。',
      descriptionEn:
        'Hydraulic forging presses from 1,600 to 4,000 tonnes with induction heaters and roll preforming, forging crankshafts, knuckles, flanges and other parts from 0.3 to 130 kg.',
      quantity: 6,
    },
    {
      name: '数控加工中心',
      nameEn: 'CNC machining centres',
      description:
        '立式、卧式及四轴数控加工中心，配合液压专用夹具组成柔性加工线，承担转向节、法兰和轮毂的精密加工。',
      descriptionEn:
        'Vertical, horizontal and four-axis CNC machining centres with hydraulic fixtures, arranged as flexible lines for precision machining of knuckles, flanges and hubs.',
      quantity: 46,
    },
    {
      name: '连续式热处理生产线',
      nameEn: 'Continuous heat-treatment lines',
      description:
        '网带式调质线和可控气氛多用炉，温度和碳势全程自动记录，可完成调质、正火、渗碳淬火和碳氮共渗。',
      descriptionEn:
        'Mesh-belt quench-and-temper lines and controlled-atmosphere sealed quench furnaces with automatic recording of temperature and carbon potential, for Q&T, normalising, carburising and carbonitriding.',
      quantity: 4,
    },
    {
      name: '三坐标测量机',
      nameEn: 'Coordinate measuring machines',
      description:
        '测量范围1,200 × 1,000 × 800 mm的高精度三坐标测量机，用于首件检验、过程抽检和模具验收。',
      descriptionEn:
        'High-accuracy CMMs with a 1,200 × 1,000 × 800 mm measuring range, used for first-article inspection, in-process sampling and die acceptance.',
      quantity: 3,
    },
    {
      name: '抛丸清理机',
      nameEn: 'Shot blasting machines',
      description:
        '履带式和吊钩式抛丸清理机，去除锻件氧化皮并提高表面质量，配备除尘系统，满足环保要求。',
      descriptionEn:
        'Tumble-belt and hanger-type shot blasting machines that remove scale and improve forging surfaces, fitted with dust collection to meet environmental rules.',
      quantity: 6,
    },
    {
      name: '机器人自动锻造单元',
      nameEn: 'Robotic forging cells',
      description:
        '由工业机器人完成加热、锻造、切边各工序间的上下料，实现连杆、齿轮锻件的无人化连续生产。',
      descriptionEn:
        'Industrial robots load and unload between heating, forging and trimming, running connecting rod and gear forgings continuously without operators.',
      quantity: 5,
    },
  ]
  return items.map((e, i) => ({
    name: e.name,
    name_en: e.nameEn,
    description: e.description,
    description_en: e.descriptionEn,
    image: image(`equipment-${i + 1}.webp`),
    quantity: e.quantity,
    sort: i + 1,
  }))
}

/** Visitor messages from the contact form, oldest first; the two oldest are handled. */
export function demoLeaving(clock: DemoClock): Insertable<LeavingTable>[] {
  const messages = [
    {
      name: '王建华',
      phone: '13915026638',
      email: 'wang.jianhua@huachi-power.example.com',
      company: '上海恒驰汽车动力系统有限公司',
      message:
        '我司新开发一款1.5T发动机，需要曲轴锻件及成品加工报价，年需求约8万件，材料42CrMo4。请安排销售工程师联系，图纸可通过邮件发送。',
      daysAgo: 24,
    },
    {
      name: '李晓明',
      phone: '18651207745',
      email: 'lixm@yunfan-chassis.example.com',
      company: '南京云帆汽车底盘系统有限公司',
      message:
        '想了解贵司转向节产品的产能情况和IATF 16949证书有效期，我们计划下月安排供应商现场审核，请告知方便的时间。',
      daysAgo: 19,
    },
    {
      name: '陈静',
      phone: '13770398812',
      email: 'chenjing@boyue-parts.example.com',
      company: '苏州博越汽车零部件有限公司',
      message:
        '请问传动轴凸缘叉能否提供镀锌表面处理？另需要FL-FG-5101的3D模型和样件2件，用于装配验证。',
      daysAgo: 13,
    },
    {
      name: '赵磊',
      phone: '15062214479',
      email: 'zhaolei@taiyue-axle.example.com',
      company: '山东泰岳重型车桥有限公司',
      message:
        '我们需要13吨驱动桥半轴和从动齿轮两种产品的报价，首批各500件，请提供含税价格、交货周期和包装方式。',
      daysAgo: 8,
    },
    {
      name: '周敏',
      phone: '17751936620',
      email: 'zhoumin@herui-nev.example.com',
      company: '安徽合锐新能源汽车有限公司',
      message:
        '关注到贵司的新能源轻量化转向节，我们有一款纯电SUV项目正在选点，希望能安排技术交流，了解拓扑优化和锻造模拟方面的能力。',
      daysAgo: 4,
    },
    {
      name: '孙伟',
      phone: '13306129953',
      email: 'sunwei.cz@example.com',
      company: '常州华宇传动科技有限公司',
      message:
        '同步器齿毂FL-GR-4104能否缩短交期？我们下季度需求将增加到每月4万件，请评估产能并回复。',
      daysAgo: 1,
    },
  ]
  return messages.map((m, i) => ({
    name: m.name,
    phone: m.phone,
    email: m.email,
    company: m.company,
    message: m.message,
    handled: i < 2 ? 1 : 0,
    ip: `203.0.113.${17 + i * 23}`,
    created_at: clock.at(m.daysAgo, 1 + ((i * 3) % 8), (i * 17) % 60),
  }))
}
