/** Demo product catalogue: six categories of six forged parts each, in Chinese and English. */

import { splitSpecValue, type SpecRow } from '#shared/spec-values'

export type DemoSpec = SpecRow

export type DemoProduct = {
  partNo: string
  title: string
  titleEn: string
  summary: string
  summaryEn: string
  /** paragraphs, joined with a blank line when stored */
  body: string[]
  bodyEn: string[]
  specs: DemoSpec[]
  featured?: true
  /** unpublished draft */
  draft?: true
}

export type DemoCategory = { title: string; titleEn: string; products: DemoProduct[] }

const specNames = {
  material: ['材料', 'Material'],
  weight: ['成品重量', 'Finished weight'],
  forgingWeight: ['锻件重量', 'Forging weight'],
  length: ['长度', 'Length'],
  tolerance: ['关键公差', 'Key tolerance'],
  process: ['成形工艺', 'Forming process'],
  heat: ['热处理', 'Heat treatment'],
  hardness: ['硬度', 'Hardness'],
  impact: ['低温冲击', 'Low-temperature impact'],
  roughness: ['表面粗糙度', 'Surface roughness'],
  surface: ['表面处理', 'Surface finish'],
  balance: ['动平衡', 'Dynamic balance'],
  module: ['模数', 'Module'],
  accuracy: ['齿轮精度', 'Gear accuracy'],
  ratio: ['速比', 'Ratios'],
  vehicles: ['适用车型', 'Applicable vehicles'],
  capacity: ['年产能', 'Annual capacity'],
} as const

type SpecKey = keyof typeof specNames

/** Specification rows from [key, value] pairs; textual values are written "中文 / English". */
const specs = (rows: [SpecKey, string][]): DemoSpec[] =>
  rows.map(([key, value]) => {
    const [Value, ValueEn] = splitSpecValue(value)
    return { Name: specNames[key][0], NameEn: specNames[key][1], Value, ValueEn }
  })

const crankshafts: DemoProduct[] = [
  {
    partNo: 'FL-CS-2101',
    title: '1.5T 四缸汽油机曲轴',
    titleEn: 'Crankshaft for 1.5T four-cylinder petrol engines',
    summary:
      '采用42CrMo4钢热模锻成形的八平衡块乘用车曲轴，主轴颈与连杆颈经中频感应淬火，适用于1.5T涡轮增压发动机。',
    summaryEn:
      'An eight-counterweight passenger-car crankshaft hot-die forged from 42CrMo4, with induction-hardened main and pin journals, for 1.5T turbocharged engines.',
    body: [
      '该曲轴为五主轴颈、八平衡块结构，锻件在4000吨液压锻造压力机上一次成形并热切边，纤维流线沿曲拐连续分布，保证了较高的疲劳强度。',
      '毛坯经调质处理后，在数控车拉机床和曲轴磨床上完成主轴颈、连杆颈加工，轴颈经中频感应淬火与圆角滚压强化，并逐件进行动平衡校正，残余不平衡量控制在10 g·cm以内。',
      '每件曲轴均进行100%磁粉探伤和关键尺寸在线测量，批量供货遵循PPAP第3级提交要求，可按客户图纸开发样件。',
    ],
    bodyEn: [
      'The crankshaft has five main journals and eight counterweights. It is formed in a single stroke on our 4,000-tonne hydraulic forging press and hot trimmed, so the grain flow follows the crank throws and gives high fatigue strength.',
      'After quenching and tempering, main and pin journals are machined on CNC turn-broaching and crankshaft grinding machines, induction hardened and fillet rolled. Every part is dynamically balanced to a residual unbalance below 10 g·cm.',
      'Each crankshaft receives 100% magnetic particle inspection and in-process gauging of critical dimensions. Series supply follows PPAP level 3, and we develop samples to customer drawings.',
    ],
    specs: specs([
      ['material', '42CrMo4'],
      ['forgingWeight', '14.2 kg'],
      ['weight', '11.8 kg'],
      ['heat', '调质 + 中频感应淬火 / Q&T + induction hardening'],
      ['hardness', '52–58 HRC'],
      ['tolerance', 'Φ52 −0.009/−0.025 mm'],
      ['capacity', '180,000 pcs/yr'],
    ]),
    featured: true,
  },
  {
    partNo: 'FL-CS-2102',
    title: '2.0T 四缸汽油机曲轴',
    titleEn: 'Crankshaft for 2.0T four-cylinder petrol engines',
    summary: '以38MnVS6非调质钢锻造、以锻后控冷代替调质的高强度曲轴，用于2.0T缸内直喷增压发动机。',
    summaryEn:
      'A high-strength crankshaft forged from 38MnVS6 micro-alloyed steel, cooled under control instead of being quenched and tempered, for 2.0T direct-injection turbo engines.',
    body: [
      '38MnVS6属于非调质微合金钢，锻后通过控制冷却直接获得铁素体-珠光体组织，省去调质工序，既降低能耗，又减少了热处理变形。',
      '连杆颈圆角采用深滚压工艺，弯曲疲劳强度较未滚压件提高约40%；主轴颈经感应淬火后精磨、抛光，表面粗糙度达到Ra 0.2 μm。',
    ],
    bodyEn: [
      '38MnVS6 is a micro-alloyed steel that reaches a ferrite-pearlite structure through controlled cooling straight after forging. Skipping quenching and tempering saves energy and reduces heat-treatment distortion.',
      'The pin-journal fillets are deep rolled, raising bending fatigue strength by about 40% compared with unrolled parts. Main journals are induction hardened, finish ground and polished to Ra 0.2 μm.',
    ],
    specs: specs([
      ['material', '38MnVS6'],
      ['weight', '14.6 kg'],
      ['heat', '锻后控冷 + 中频淬火 / Controlled cooling + induction hardening'],
      ['roughness', 'Ra 0.2 μm'],
      ['balance', '≤ 8 g·cm'],
      ['vehicles', '2.0T 汽油机乘用车及SUV / 2.0T petrol cars and SUVs'],
      ['capacity', '120,000 pcs/yr'],
    ]),
    featured: true,
  },
  {
    partNo: 'FL-CS-2103',
    title: '2.8L 柴油机曲轴',
    titleEn: 'Crankshaft for 2.8 L diesel engines',
    summary:
      '面向皮卡和轻型商用车2.8L柴油机的四缸曲轴，42CrMo4锻钢，圆角滚压强化，可承受高爆发压力。',
    summaryEn:
      'A four-cylinder crankshaft in forged 42CrMo4 for 2.8 L diesel engines in pickups and light commercial vehicles, fillet rolled to withstand high peak firing pressure.',
    body: [
      '柴油机缸内爆发压力可达18 MPa以上，对曲轴的弯曲和扭转疲劳强度要求更高。本产品选用42CrMo4钢，锻件经调质处理，心部硬度控制在280–320 HB。',
      '主轴颈和连杆颈圆角均经滚压强化，设计已通过1×10⁷次循环台架疲劳验证，目前为多家轻型柴油机厂批量配套。',
    ],
    bodyEn: [
      'Diesel engines reach peak cylinder pressures above 18 MPa, which places greater demands on the crankshaft’s bending and torsional fatigue strength. This part uses 42CrMo4, quenched and tempered to a core hardness of 280–320 HB.',
      'Main and pin journal fillets are rolled, and the design has passed 10-million-cycle fatigue testing on the rig. The crankshaft is in series supply to several light diesel engine makers.',
    ],
    specs: specs([
      ['material', '42CrMo4'],
      ['weight', '22.5 kg'],
      ['heat', '调质 + 圆角滚压 / Q&T + fillet rolling'],
      ['hardness', '280–320 HB'],
      ['vehicles', '皮卡、轻型商用车 / Pickups and light commercial vehicles'],
      ['capacity', '60,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-CS-2104',
    title: '六缸重型柴油机曲轴',
    titleEn: 'Six-cylinder heavy-duty diesel crankshaft',
    summary: '用于10–13L重型卡车柴油机的七主轴颈曲轴，42CrMoA钢整体模锻，轴颈气体氮化。',
    summaryEn:
      'A seven-main-journal crankshaft for 10–13 L heavy truck diesel engines, closed-die forged in one piece from 42CrMoA with gas-nitrided journals.',
    body: [
      '该曲轴长度约1,180 mm，在液压锻造压力机上经预锻、终锻两工步成形，随后热切边、热校正，保证锻件直线度。',
      '精加工后的曲轴整体进行气体氮化，渗氮层深度0.4–0.6 mm，表面硬度不低于600 HV，显著提高耐磨性和疲劳寿命。',
      '每支曲轴附有材料炉号、热处理曲线和探伤记录，实现从钢坯到成品的全程追溯。',
    ],
    bodyEn: [
      'About 1,180 mm long, the crankshaft is formed in blocker and finisher impressions on a hydraulic forging press, then hot trimmed and hot straightened to keep the forging straight.',
      'After finish machining, the whole crankshaft is gas nitrided to a case depth of 0.4–0.6 mm and a surface hardness of at least 600 HV, markedly improving wear resistance and fatigue life.',
      'Each crankshaft ships with its heat number, heat-treatment chart and inspection record, giving full traceability from billet to finished part.',
    ],
    specs: specs([
      ['material', '42CrMoA'],
      ['forgingWeight', '128 kg'],
      ['weight', '96 kg'],
      ['heat', '调质 + 气体氮化 / Q&T + gas nitriding'],
      ['hardness', '≥ 600 HV'],
      ['vehicles', '10–13L 重卡柴油机 / 10–13 L heavy truck diesels'],
      ['capacity', '24,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-CS-2105',
    title: '1.0T 三缸汽油机曲轴',
    titleEn: 'Crankshaft for 1.0T three-cylinder petrol engines',
    summary: '结构紧凑的三缸机曲轴，采用38MnVS6非调质钢精密锻造，重量轻、加工余量小。',
    summaryEn:
      'A compact three-cylinder crankshaft precision forged from 38MnVS6 micro-alloyed steel, light in weight with small machining allowances.',
    body: [
      '三缸发动机存在固有的一阶不平衡力矩，曲轴平衡块布置需与平衡轴协同设计。我们可根据客户的NVH目标优化平衡块形状，并通过锻造模拟验证模腔充满性。',
      '精密锻造使单边加工余量控制在1.5 mm以内，材料利用率提高约8%，同时缩短了机加工节拍。',
    ],
    bodyEn: [
      'Three-cylinder engines have an inherent first-order rocking couple, so counterweight layout must be designed together with the balance shaft. We optimise counterweight shape to the customer’s NVH targets and confirm die filling by forging simulation.',
      'Precision forging keeps the machining allowance within 1.5 mm per side, raising material yield by about 8% and shortening machining cycle time.',
    ],
    specs: specs([
      ['material', '38MnVS6'],
      ['weight', '8.9 kg'],
      ['tolerance', 'Φ45 IT6'],
      ['heat', '锻后控冷 + 中频淬火 / Controlled cooling + induction hardening'],
      ['vehicles', '1.0T 小型乘用车 / 1.0T compact cars'],
      ['capacity', '150,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-CS-2106',
    title: '1.5L 混动专用发动机曲轴',
    titleEn: 'Crankshaft for 1.5 L hybrid dedicated engines',
    summary: '为阿特金森循环混动专用发动机开发的轻量化曲轴，目前处于样件验证阶段。',
    summaryEn:
      'A lightweight crankshaft developed for Atkinson-cycle hybrid dedicated engines, currently in sample validation.',
    body: [
      '混动专用发动机转速区间窄、启停频繁，曲轴需在轻量化和耐磨性之间取得平衡。本产品采用空心连杆颈设计，比同排量常规曲轴减重约12%。',
      '首批样件已完成台架耐久试验，预计下一季度进入小批量试生产。',
    ],
    bodyEn: [
      'Hybrid dedicated engines run in a narrow speed band with frequent starts and stops, so the crankshaft must balance low weight against wear resistance. A hollow pin-journal design cuts weight by about 12% against a conventional crankshaft of the same displacement.',
      'The first samples have completed bench durability tests, and low-volume pilot production is planned for next quarter.',
    ],
    specs: specs([
      ['material', '42CrMo4'],
      ['weight', '10.4 kg'],
      ['heat', '调质 + 中频淬火 / Q&T + induction hardening'],
      ['vehicles', '1.5L 混动乘用车 / 1.5 L hybrid cars'],
      ['capacity', '样件阶段 / Sample stage'],
    ]),
    draft: true,
  },
]

const connectingRods: DemoProduct[] = [
  {
    partNo: 'FL-CR-3101',
    title: '1.5T 汽油机裂解连杆',
    titleEn: 'Fracture-split connecting rod for 1.5T petrol engines',
    summary: 'C70S6高碳微合金钢锻造、大头裂解分离的乘用车连杆，装配精度高，结合面无需加工。',
    summaryEn:
      'A passenger-car connecting rod forged from C70S6 high-carbon micro-alloyed steel with a fracture-split big end, giving precise assembly with no machining of the joint faces.',
    body: [
      '裂解工艺在大头孔预制激光切槽后胀断分离，断口凹凸面天然啮合，使连杆体与连杆盖的定位精度优于传统的切削分离方式。',
      '锻件采用辊锻制坯、热模锻成形和控制冷却，重量公差控制在±1.5%以内，便于发动机整机平衡。',
    ],
    bodyEn: [
      'A laser-cut notch is made in the big-end bore before the cap is cracked off. The rough fracture faces interlock naturally, locating rod and cap more accurately than conventional sawn and machined joints.',
      'Forgings are preformed by roll forging, hot die forged and cooled under control, holding weight tolerance within ±1.5% to help engine balancing.',
    ],
    specs: specs([
      ['material', 'C70S6'],
      ['weight', '0.52 kg'],
      ['tolerance', '重量 ±1.5% / Weight ±1.5%'],
      ['process', '辊锻制坯 + 热模锻 + 裂解 / Roll forging + hot die forging + fracture splitting'],
      ['vehicles', '1.5T 汽油机 / 1.5T petrol engines'],
      ['capacity', '600,000 pcs/yr'],
    ]),
    featured: true,
  },
  {
    partNo: 'FL-CR-3102',
    title: '2.0T 汽油机裂解连杆',
    titleEn: 'Fracture-split connecting rod for 2.0T petrol engines',
    summary: '采用36MnVS4高强度非调质钢的裂解连杆，疲劳强度高，适配高增压汽油机。',
    summaryEn:
      'A fracture-split connecting rod in high-strength 36MnVS4 micro-alloyed steel with high fatigue strength, for highly boosted petrol engines.',
    body: [
      '相比C70S6，36MnVS4具有更高的屈服强度和疲劳极限，可在杆身截面不变的前提下承受更高的燃烧压力。',
      '小头衬套孔和大头孔在柔性生产线上一次装夹精镗，中心距公差±0.025 mm，每件连杆均在线称重分组。',
    ],
    bodyEn: [
      'Compared with C70S6, 36MnVS4 offers higher yield strength and fatigue limit, carrying higher combustion pressure with the same shank section.',
      'Small-end and big-end bores are finish bored in one set-up on a flexible line to a centre-distance tolerance of ±0.025 mm, and every rod is weighed and graded in line.',
    ],
    specs: specs([
      ['material', '36MnVS4'],
      ['weight', '0.61 kg'],
      ['tolerance', '中心距 ±0.025 mm / Centre distance ±0.025 mm'],
      ['hardness', '28–34 HRC'],
      ['vehicles', '2.0T 汽油机 / 2.0T petrol engines'],
      ['capacity', '400,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-CR-3103',
    title: '2.8L 柴油机斜切连杆',
    titleEn: 'Angle-split connecting rod for 2.8 L diesel engines',
    summary: '大头斜切口设计的柴油机连杆，42CrMo4调质钢锻造，活塞连杆总成可从缸孔内装入。',
    summaryEn:
      'A diesel connecting rod with an angled big-end split, forged from quenched and tempered 42CrMo4 so that the piston and rod assembly fits through the cylinder bore.',
    body: [
      '柴油机连杆大头尺寸较大，采用45°斜切分离可减小装配外形。结合面加工锯齿定位，并以高强度连杆螺栓连接。',
      '连杆调质后逐件进行磁粉探伤和硬度检测，杆身喷丸强化以提高疲劳强度。',
    ],
    bodyEn: [
      'Diesel big ends are large, and a 45° angled split reduces the assembly envelope. The joint faces are serrated for location and clamped with high-strength rod bolts.',
      'After quenching and tempering, every rod is magnetic particle inspected and hardness tested, and the shank is shot peened for fatigue strength.',
    ],
    specs: specs([
      ['material', '42CrMo4'],
      ['weight', '1.35 kg'],
      ['heat', '调质 + 喷丸强化 / Q&T + shot peening'],
      ['hardness', '28–32 HRC'],
      ['vehicles', '2.8L 柴油机 / 2.8 L diesel engines'],
      ['capacity', '240,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-CR-3104',
    title: '重型柴油机连杆',
    titleEn: 'Connecting rod for heavy-duty diesel engines',
    summary: '适用于重型卡车和工程机械柴油机的大规格连杆，42CrMoA钢锻造，单件重约4.2 kg。',
    summaryEn:
      'A large connecting rod for heavy truck and construction machinery diesel engines, forged from 42CrMoA and weighing about 4.2 kg.',
    body: [
      '产品在2500吨液压锻造压力机上成形，锻后调质并抛丸清理，锻件表面无折叠、裂纹等缺陷。',
      '机加工完成后按客户要求配对打标、成套包装出货，可同时配套供应连杆螺栓和衬套。',
      '该产品已通过主机厂5,000小时台架耐久考核。',
    ],
    bodyEn: [
      'The rod is formed on a 2,500-tonne hydraulic forging press, then quenched, tempered and shot blasted; forgings are free from laps, cracks and other surface defects.',
      'Machined rods and caps are marked as matched pairs and packed as sets; rod bolts and bushes can be supplied with them.',
      'The design has passed the engine maker’s 5,000-hour bench durability test.',
    ],
    specs: specs([
      ['material', '42CrMoA'],
      ['weight', '4.2 kg'],
      ['heat', '调质 / Q&T'],
      ['hardness', '269–311 HB'],
      ['vehicles', '重卡及工程机械柴油机 / Heavy truck and off-highway diesels'],
      ['capacity', '80,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-CR-3105',
    title: '连杆锻件毛坯',
    titleEn: 'Connecting rod forging blank',
    summary: '供客户自行机加工的40Cr连杆锻件毛坯，热模锻成形后调质、抛丸并探伤交付。',
    summaryEn:
      'Connecting rod forging blanks in 40Cr for customers who machine in-house, supplied hot die forged, quenched and tempered, shot blasted and crack tested.',
    body: [
      '毛坯按客户锻件图交付，重量偏差±2%，错移量不大于0.5 mm，残余飞边不大于0.8 mm。',
      '可按需提供首件全尺寸报告、金相组织报告和材料质保书。',
    ],
    bodyEn: [
      'Blanks are delivered to the customer’s forging drawing with ±2% weight deviation, mismatch of 0.5 mm maximum and residual flash of 0.8 mm maximum.',
      'Full-dimension first-article reports, metallographic reports and mill certificates are available on request.',
    ],
    specs: specs([
      ['material', '40Cr'],
      ['forgingWeight', '0.9 kg'],
      ['tolerance', '错移 ≤ 0.5 mm / Mismatch ≤ 0.5 mm'],
      ['heat', '调质 / Q&T'],
      ['hardness', '229–269 HB'],
      ['capacity', '800,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-CR-3106',
    title: '粉末锻造连杆（试制）',
    titleEn: 'Powder-forged connecting rod (pilot)',
    summary: '以粉末冶金预成形坯热锻致密化的连杆，尺寸精度高、重量一致性好，目前为试制产品。',
    summaryEn:
      'A connecting rod made by hot forging a powder-metal preform to full density, offering tight dimensions and consistent weight; currently a pilot product.',
    body: [
      '粉末锻造几乎不产生飞边，材料利用率可达90%以上，适合对重量一致性要求极高的高性能发动机。',
      '本产品正与高校合作开展工艺验证，暂不接受批量订单。',
    ],
    bodyEn: [
      'Powder forging produces almost no flash and uses over 90% of the material, making it suitable for high-performance engines that need very consistent rod weights.',
      'Process validation is under way with a university partner; volume orders are not yet accepted.',
    ],
    specs: specs([
      ['material', 'Fe-2Cu-0.6C'],
      ['weight', '0.48 kg'],
      ['process', '粉末预成形 + 热锻 / PM preform + hot forging'],
      ['capacity', '试制 / Pilot'],
    ]),
    draft: true,
  },
]

const gears: DemoProduct[] = [
  {
    partNo: 'FL-GR-4101',
    title: '手动变速箱输入轴齿轮',
    titleEn: 'Input shaft gear for manual transmissions',
    summary: '20CrMnTi渗碳钢锻造的变速箱输入轴齿轮，渗碳淬火后磨齿，精度达到GB/T 10095 6级。',
    summaryEn:
      'A manual transmission input shaft gear forged from 20CrMnTi case-hardening steel, carburised, hardened and ground to GB/T 10095 grade 6.',
    body: [
      '齿轮锻坯采用闭式模锻和等温正火，获得均匀的铁素体-珠光体组织和稳定的硬度，为后续滚齿和热处理变形控制打下基础。',
      '齿部经可控气氛渗碳淬火，有效硬化层深0.6–0.9 mm，再经数控磨齿和齿形修形，降低啮合噪声。',
    ],
    bodyEn: [
      'Gear blanks are closed-die forged and isothermally normalised for a uniform ferrite-pearlite structure and steady hardness, the basis for controlled hobbing and heat-treatment distortion.',
      'Teeth are carburised and hardened in a controlled atmosphere to an effective case depth of 0.6–0.9 mm, then CNC ground with profile modification to reduce mesh noise.',
    ],
    specs: specs([
      ['material', '20CrMnTi'],
      ['module', 'm 2.5'],
      ['accuracy', 'GB/T 10095 6 级 / GB/T 10095 grade 6'],
      ['heat', '渗碳淬火 / Carburising and hardening'],
      ['hardness', '58–62 HRC'],
      ['vehicles', '乘用车手动变速箱 / Passenger-car manual transmissions'],
      ['capacity', '300,000 pcs/yr'],
    ]),
    featured: true,
  },
  {
    partNo: 'FL-GR-4102',
    title: '主减速器螺旋锥齿轮副',
    titleEn: 'Final drive spiral bevel gear set',
    summary: '用于后驱乘用车和轻卡驱动桥的螺旋锥齿轮副（从动齿轮与主动齿轮），配对研齿、成套供货。',
    summaryEn:
      'Spiral bevel ring gear and pinion sets for rear-drive cars and light truck axles, lapped as matched pairs and supplied as sets.',
    body: [
      '从动齿轮锻坯采用辗环工艺成形，主动齿轮轴采用热模锻，两者均选用20CrMnTiH保淬透性钢，确保热处理后心部硬度稳定。',
      '齿轮副在数控螺旋锥齿轮铣齿机上加工，淬火后配对研齿，并在滚动检验机上检测接触斑点和传动噪声。',
    ],
    bodyEn: [
      'Ring gear blanks are ring rolled and pinion shafts hot die forged, both in 20CrMnTiH steel with guaranteed hardenability for consistent core hardness after heat treatment.',
      'Teeth are cut on CNC spiral bevel gear generators; after hardening the gears are lapped in matched pairs and checked for contact pattern and noise on a rolling tester.',
    ],
    specs: specs([
      ['material', '20CrMnTiH'],
      ['heat', '渗碳淬火 / Carburising and hardening'],
      ['hardness', '58–63 HRC'],
      ['ratio', '4.11 / 4.55 / 5.13'],
      ['vehicles', '后驱乘用车、轻卡 / RWD cars, light trucks'],
      ['capacity', '90,000 sets/yr'],
    ]),
    featured: true,
  },
  {
    partNo: 'FL-GR-4103',
    title: '差速器行星齿轮与半轴齿轮',
    titleEn: 'Differential pinion and side gears',
    summary: '以精密锻造直接成形齿形的差速器锥齿轮，齿面无需切削，兼顾强度与生产效率。',
    summaryEn:
      'Differential bevel gears with teeth formed directly by precision forging, needing no tooth cutting and combining strength with productivity.',
    body: [
      '精锻齿形的金属流线沿齿廓连续分布，齿根弯曲强度比切削齿轮提高约20%，齿形精度可达DIN 8级。',
      '我们采用温锻加冷精整的复合工艺，配合自主设计的模具，模具寿命稳定在1.5万件以上。',
    ],
    bodyEn: [
      'In precision-forged teeth the grain flow follows the tooth profile, giving about 20% more root bending strength than cut teeth. Tooth accuracy reaches DIN grade 8.',
      'We combine warm forging with cold sizing in tooling of our own design, achieving a stable die life of more than 15,000 parts.',
    ],
    specs: specs([
      ['material', '20CrMnTi'],
      ['process', '温锻 + 冷精整 / Warm forging + cold sizing'],
      ['accuracy', 'DIN 8'],
      ['heat', '渗碳淬火 / Carburising and hardening'],
      ['hardness', '58–62 HRC'],
      ['capacity', '1,200,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-GR-4104',
    title: '同步器齿毂',
    titleEn: 'Synchroniser hub',
    summary: '20CrMo钢锻造的变速箱同步器齿毂，内花键拉削、外齿插齿，碳氮共渗处理。',
    summaryEn:
      'A transmission synchroniser hub forged from 20CrMo, with broached internal splines, shaped external teeth and carbonitriding.',
    body: [
      '锻件正火后在数控车床上完成车削，内花键一次拉削成形，外齿采用数控插齿，保证齿毂与结合套的滑动配合。',
      '碳氮共渗处理可减少热处理变形，花键跨棒距变化量控制在0.03 mm以内。',
    ],
    bodyEn: [
      'Normalised forgings are CNC turned; internal splines are broached in one pass and external teeth CNC shaped to give a smooth sliding fit with the sleeve.',
      'Carbonitriding limits heat-treatment distortion, keeping the change in spline measurement over pins within 0.03 mm.',
    ],
    specs: specs([
      ['material', '20CrMo'],
      ['weight', '0.74 kg'],
      ['heat', '碳氮共渗 / Carbonitriding'],
      ['hardness', '78–83 HR15N'],
      ['vehicles', '手动及双离合变速箱 / Manual and DCT transmissions'],
      ['capacity', '450,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-GR-4105',
    title: '商用车驱动桥从动齿轮',
    titleEn: 'Driven gear for commercial-vehicle drive axles',
    summary: '用于中重型卡车驱动桥的大规格从动锥齿轮，外径420 mm，辗环成形、渗碳淬火。',
    summaryEn:
      'A large driven bevel gear, 420 mm in diameter, for medium and heavy truck drive axles, ring rolled and carburised.',
    body: [
      '大规格齿轮采用“锻造制坯 + 数控辗环”成形，锻件壁厚均匀、流线完整，比自由锻毛坯节约钢材约15%。',
      '渗碳后采用压床淬火控制变形，淬火后端面平面度不大于0.08 mm。',
      '产品配套国内多家车桥厂，年供货量稳定增长。',
    ],
    bodyEn: [
      'The large gear is made by forging a preform and then CNC ring rolling, producing even walls and unbroken grain flow while saving about 15% of the steel compared with an open-die forged blank.',
      'Press quenching after carburising controls distortion, holding face flatness within 0.08 mm.',
      'The gear is supplied to several domestic axle makers, with steadily growing annual volumes.',
    ],
    specs: specs([
      ['material', '20CrMnTiH'],
      ['forgingWeight', '36 kg'],
      ['weight', '28 kg'],
      ['process', '锻造制坯 + 数控辗环 / Preform forging + CNC ring rolling'],
      ['heat', '渗碳 + 压床淬火 / Carburising + press quenching'],
      ['hardness', '58–63 HRC'],
      ['capacity', '40,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-GR-4106',
    title: '柴油机正时齿轮',
    titleEn: 'Timing gear for diesel engines',
    summary: '40Cr钢锻造、软氮化处理的柴油机正时齿轮，齿面耐磨、运转平稳。',
    summaryEn:
      'A diesel engine timing gear forged from 40Cr and nitrocarburised for wear-resistant teeth and quiet running.',
    body: [
      '正时齿轮对齿距累积误差要求严格，我们在滚齿后采用剃齿精加工，并以气体软氮化代替渗碳淬火，将热处理变形降到最低。',
      '可按客户要求加工减重孔和键槽，并随货提供齿轮测量中心出具的全齿检测报告。',
    ],
    bodyEn: [
      'Timing gears need tight cumulative pitch accuracy. After hobbing the teeth are shaved, and gas nitrocarburising replaces carburising to keep heat-treatment distortion to a minimum.',
      'Lightening holes and keyways are machined to customer requirements, and full tooth inspection reports from our gear measuring centre ship with the goods.',
    ],
    specs: specs([
      ['material', '40Cr'],
      ['weight', '2.3 kg'],
      ['heat', '调质 + 软氮化 / Q&T + nitrocarburising'],
      ['accuracy', 'GB/T 10095 7 级 / GB/T 10095 grade 7'],
      ['vehicles', '4–7L 柴油机 / 4–7 L diesel engines'],
      ['capacity', '160,000 pcs/yr'],
    ]),
  },
]

const flanges: DemoProduct[] = [
  {
    partNo: 'FL-FG-5101',
    title: '传动轴凸缘叉',
    titleEn: 'Propeller shaft flange yoke',
    summary: '连接传动轴与驱动桥的凸缘叉，45钢模锻成形，十字轴孔精镗，适用于轻卡和SUV。',
    summaryEn:
      'A flange yoke connecting the propeller shaft to the drive axle, die forged from C45 with finish-bored cross bores, for light trucks and SUVs.',
    body: [
      '凸缘叉两个叉耳孔的同轴度直接影响万向节寿命。我们在专用卧式加工中心上一次装夹镗削叉耳孔，同轴度控制在0.02 mm以内。',
      '锻件经正火处理，法兰盘螺栓孔按客户要求钻铰，表面发黑或涂防锈油交付。',
    ],
    bodyEn: [
      'Coaxiality of the two yoke ear bores directly affects universal joint life. The bores are machined in one set-up on a dedicated horizontal machining centre, holding coaxiality within 0.02 mm.',
      'Forgings are normalised, flange bolt holes are drilled and reamed to the customer’s pattern, and parts are delivered black-oxidised or oiled.',
    ],
    specs: specs([
      ['material', '45 (C45)'],
      ['weight', '2.8 kg'],
      ['tolerance', '叉耳孔同轴度 0.02 mm / Ear bore coaxiality 0.02 mm'],
      ['heat', '正火 / Normalising'],
      ['hardness', '170–217 HB'],
      ['vehicles', '轻卡、SUV / Light trucks, SUVs'],
      ['capacity', '200,000 pcs/yr'],
    ]),
    featured: true,
  },
  {
    partNo: 'FL-FG-5102',
    title: '主减速器输入凸缘',
    titleEn: 'Drive pinion companion flange',
    summary: '安装在主减速器主动齿轮上的输入凸缘，40Cr钢锻造调质，内花键拉削，油封轴颈感应淬火。',
    summaryEn:
      'A companion flange fitted on the final drive pinion, forged from 40Cr and quenched and tempered, with broached splines and an induction-hardened seal journal.',
    body: [
      '油封轴颈经中频淬火后切入式磨削至Ra 0.4 μm，表面无螺旋纹，防止油封泵油导致渗漏。',
      '产品覆盖法兰直径Φ90–Φ180 mm多个系列，可快速响应客户的变型需求。',
    ],
    bodyEn: [
      'The seal journal is induction hardened and plunge ground lead-free to Ra 0.4 μm, preventing the pumping effect that makes oil seals leak.',
      'The range covers flange diameters from 90 to 180 mm, so variants can be supplied quickly.',
    ],
    specs: specs([
      ['material', '40Cr'],
      ['weight', '3.6 kg'],
      ['roughness', 'Ra 0.4 μm'],
      ['heat', '调质 + 中频淬火 / Q&T + induction hardening'],
      ['hardness', '50–55 HRC'],
      ['capacity', '150,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-FG-5103',
    title: '变速箱输出法兰',
    titleEn: 'Transmission output flange',
    summary: '42CrMo钢锻造的变速箱输出法兰，连接变速箱输出轴与传动轴，适用于中型货车。',
    summaryEn:
      'A transmission output flange forged from 42CrMo that links the gearbox output shaft to the propeller shaft in medium trucks.',
    body: [
      '法兰通过端面齿与传动轴连接，端面齿在专用机床上铣削，保证传递大扭矩时不打滑。',
      '每批产品按GB/T 228.1抽检拉伸性能，并逐件进行磁粉探伤。',
    ],
    bodyEn: [
      'The flange connects to the propeller shaft through face splines, milled on a dedicated machine so that high torque is carried without slip.',
      'Each batch is sampled for tensile properties to GB/T 228.1, and every part is magnetic particle inspected.',
    ],
    specs: specs([
      ['material', '42CrMo'],
      ['weight', '4.9 kg'],
      ['heat', '调质 / Q&T'],
      ['hardness', '255–302 HB'],
      ['vehicles', '中型货车 / Medium-duty trucks'],
      ['capacity', '60,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-FG-5104',
    title: '曲轴皮带轮毂',
    titleEn: 'Crankshaft pulley hub',
    summary: '安装于曲轴前端的皮带轮毂，45钢热锻成形，减振器安装面精车，适用于汽油机和柴油机。',
    summaryEn:
      'A pulley hub mounted on the crankshaft nose, hot forged from C45 with a finish-turned damper face, for petrol and diesel engines.',
    body: [
      '锻件控冷后直接机加工，内孔与键槽一次装夹完成，端面跳动不大于0.03 mm。',
      '表面进行磷化处理，防锈期不少于6个月。',
    ],
    bodyEn: [
      'Forgings are machined directly after controlled cooling; bore and keyway are finished in one set-up with face run-out of 0.03 mm maximum.',
      'Parts are phosphated, giving at least six months of corrosion protection.',
    ],
    specs: specs([
      ['material', '45 (C45)'],
      ['weight', '1.6 kg'],
      ['tolerance', '端面跳动 ≤ 0.03 mm / Face run-out ≤ 0.03 mm'],
      ['heat', '锻后控冷 / Controlled cooling'],
      ['capacity', '250,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-FG-5105',
    title: '商用车驱动桥凸缘',
    titleEn: 'Drive axle flange for commercial vehicles',
    summary: '重型卡车驱动桥输入端凸缘，40Cr钢锻造调质，可承受大扭矩和冲击载荷。',
    summaryEn:
      'An input flange for heavy truck drive axles, forged from 40Cr and quenched and tempered to carry high torque and shock loads.',
    body: [
      '凸缘盘面直径Φ180 mm，采用8孔定位结构，螺栓孔位置度控制在Φ0.1 mm以内，保证与传动轴的可靠连接。',
      '锻件在1600吨液压锻造压力机上成形，调质后硬度均匀，力学性能满足主机厂技术协议要求。',
    ],
    bodyEn: [
      'The 180 mm flange face has an eight-hole pattern with bolt-hole position held within Φ0.1 mm for a secure joint with the propeller shaft.',
      'Forgings are formed on a 1,600-tonne hydraulic press and have uniform hardness after quenching and tempering, meeting the vehicle maker’s technical agreement.',
    ],
    specs: specs([
      ['material', '40Cr'],
      ['weight', '6.8 kg'],
      ['tolerance', '孔位置度 Φ0.1 mm / Hole position Φ0.1 mm'],
      ['heat', '调质 / Q&T'],
      ['hardness', '241–285 HB'],
      ['vehicles', '重型卡车 / Heavy trucks'],
      ['capacity', '80,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-FG-5106',
    title: '电驱动桥输出法兰',
    titleEn: 'Output flange for electric drive axles',
    summary: '为新能源汽车电驱动桥开发的输出法兰，42CrMo4钢近净成形锻造，重量轻、动平衡好。',
    summaryEn:
      'An output flange developed for electric drive axles in new energy vehicles, near-net forged from 42CrMo4 for low weight and good balance.',
    body: [
      '电驱动系统转速可达16,000 r/min，对法兰的动平衡和尺寸一致性要求更高。产品采用近净成形锻造，非加工面壁厚差不大于0.5 mm。',
      '成品逐件进行动平衡检测，残余不平衡量不大于3 g·cm。',
    ],
    bodyEn: [
      'E-drive systems turn at up to 16,000 rpm, demanding closer balance and consistency. Near-net forging keeps wall-thickness variation on unmachined faces within 0.5 mm.',
      'Every finished part is balance tested to a residual unbalance of 3 g·cm or less.',
    ],
    specs: specs([
      ['material', '42CrMo4'],
      ['weight', '1.9 kg'],
      ['balance', '≤ 3 g·cm'],
      ['heat', '调质 / Q&T'],
      ['vehicles', '纯电动及混动车型 / BEVs and hybrids'],
      ['capacity', '120,000 pcs/yr'],
    ]),
  },
]

const knuckles: DemoProduct[] = [
  {
    partNo: 'FL-SK-6101',
    title: '麦弗逊悬架前转向节',
    titleEn: 'Front steering knuckle for MacPherson suspensions',
    summary: '乘用车麦弗逊悬架前转向节，38MnVS6非调质钢锻造，作为安全件实现全过程追溯。',
    summaryEn:
      'A front steering knuckle for passenger-car MacPherson suspensions, forged from 38MnVS6 micro-alloyed steel and fully traceable as a safety part.',
    body: [
      '转向节是汽车转向系统的关键安全件。我们在“辊锻制坯—预锻—终锻—切边冲孔—控冷”自动化锻造线上生产，每件锻件激光打码，记录炉号、班次和设备参数。',
      '机加工在柔性加工线上完成，轴承孔、减振器安装孔和转向节臂锥孔的位置关系由专用检具和三坐标测量机双重检验。',
      '产品已通过客户的台架疲劳试验和整车道路试验，为多个乘用车平台批量供货。',
    ],
    bodyEn: [
      'The steering knuckle is a safety-critical steering part. It is produced on an automated line of roll preforming, blocking, finishing, trimming and piercing and controlled cooling, and each forging is laser marked with its heat number, shift and equipment parameters.',
      'Machining is done on a flexible line, and the positions of the bearing bore, strut mounting holes and tie-rod taper are checked with both dedicated gauges and a CMM.',
      'The design has passed the customer’s bench fatigue and vehicle road tests and is in series supply for several passenger-car platforms.',
    ],
    specs: specs([
      ['material', '38MnVS6'],
      ['weight', '5.6 kg'],
      ['heat', '锻后控冷 / Controlled cooling'],
      ['hardness', '229–280 HB'],
      ['tolerance', '轴承孔 Φ72 H7 / Bearing bore Φ72 H7'],
      ['vehicles', 'A/B 级乘用车 / Compact and mid-size cars'],
      ['capacity', '360,000 pcs/yr'],
    ]),
    featured: true,
  },
  {
    partNo: 'FL-SK-6102',
    title: '双叉臂悬架转向节',
    titleEn: 'Steering knuckle for double-wishbone suspensions',
    summary: '用于SUV和皮卡双叉臂前悬架的转向节，42CrMo4调质钢锻造，强度高、抗冲击。',
    summaryEn:
      'A steering knuckle for double-wishbone front suspensions in SUVs and pickups, forged from quenched and tempered 42CrMo4 for high strength and impact resistance.',
    body: [
      '双叉臂转向节上下球销座间距大、形状复杂。我们通过有限元锻造模拟优化分模面和预锻形状，显著提高了模具一次试模合格率。',
      '锻件调质后进行-40 °C低温冲击试验，冲击吸收能量不低于27 J，适合寒冷地区使用。',
    ],
    bodyEn: [
      'With widely spaced upper and lower ball-joint seats, this knuckle has a complex shape. Its parting line and preform were optimised by finite-element forging simulation, greatly improving first-trial die success.',
      'After quenching and tempering, forgings are impact tested at −40 °C with absorbed energy of at least 27 J, suitable for cold climates.',
    ],
    specs: specs([
      ['material', '42CrMo4'],
      ['weight', '7.9 kg'],
      ['heat', '调质 / Q&T'],
      ['hardness', '255–302 HB'],
      ['impact', 'KV2 ≥ 27 J @ −40 °C'],
      ['vehicles', 'SUV、皮卡 / SUVs, pickups'],
      ['capacity', '150,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-SK-6103',
    title: '轻型卡车转向节',
    titleEn: 'Steering knuckle for light trucks',
    summary: '整体式前轴轻卡转向节，40Cr钢整体锻造，主销孔与轮毂轴颈一体成形。',
    summaryEn:
      'A light truck steering knuckle for beam front axles, forged in one piece from 40Cr with an integral kingpin bore and spindle.',
    body: [
      '转向节轴颈根部采用大圆角过渡并进行滚压强化，有效降低应力集中。',
      '锻件在3150吨液压锻造压力机上成形，调质后逐件进行超声波和磁粉探伤。',
    ],
    bodyEn: [
      'The spindle root has a generous fillet that is rolled to reduce stress concentration.',
      'Forgings are made on a 3,150-tonne hydraulic press, and after quenching and tempering every part receives ultrasonic and magnetic particle inspection.',
    ],
    specs: specs([
      ['material', '40Cr'],
      ['weight', '12.6 kg'],
      ['heat', '调质 + 圆角滚压 / Q&T + fillet rolling'],
      ['hardness', '241–285 HB'],
      ['vehicles', '3.5–8 t 轻卡 / 3.5–8 t light trucks'],
      ['capacity', '90,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-SK-6104',
    title: '重型卡车转向节',
    titleEn: 'Steering knuckle for heavy trucks',
    summary: '7.5吨前轴重卡转向节，42CrMo钢锻造，单件重约38 kg，可承受重载和频繁的转向冲击。',
    summaryEn:
      'A steering knuckle for 7.5-tonne front axles on heavy trucks, forged from 42CrMo at about 38 kg to withstand heavy loads and repeated steering shocks.',
    body: [
      '大型转向节锻件采用中频感应加热，加热温度由红外测温闭环控制，确保每件锻件始锻温度一致。',
      '主销孔与轴颈的垂直度、制动器安装面的平面度均在加工中心上在线测量，关键尺寸过程能力指数Cpk不低于1.67。',
    ],
    bodyEn: [
      'The large knuckle is heated by medium-frequency induction with closed-loop infrared temperature control, so every forging starts at the same temperature.',
      'Squareness of kingpin bore to spindle and flatness of the brake mounting face are measured in process on the machining centre, with a Cpk of at least 1.67 on key dimensions.',
    ],
    specs: specs([
      ['material', '42CrMo'],
      ['forgingWeight', '46 kg'],
      ['weight', '38 kg'],
      ['heat', '调质 / Q&T'],
      ['hardness', '255–302 HB'],
      ['vehicles', '重型卡车（前轴 7.5 t）/ Heavy trucks (7.5 t front axle)'],
      ['capacity', '30,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-SK-6105',
    title: '多连杆悬架后转向节',
    titleEn: 'Rear knuckle for multi-link suspensions',
    summary: '中高级乘用车多连杆后悬架转向节，38MnVS6钢锻造，各连杆安装点一次装夹加工完成。',
    summaryEn:
      'A rear knuckle for multi-link rear suspensions in mid-size and premium cars, forged from 38MnVS6 with all link mounting points machined in one set-up.',
    body: [
      '后转向节连接五根悬架连杆，安装点的位置精度决定车轮定位参数。我们采用四轴卧式加工中心和液压夹具，一次装夹完成全部孔系加工。',
      '产品表面电泳涂装，中性盐雾试验不少于480小时。',
    ],
    bodyEn: [
      'The rear knuckle carries five suspension links, and the accuracy of their mounting points governs wheel alignment. All holes are machined in one clamping on four-axis horizontal machining centres with hydraulic fixtures.',
      'Parts are e-coated and withstand at least 480 hours of neutral salt spray testing.',
    ],
    specs: specs([
      ['material', '38MnVS6'],
      ['weight', '4.3 kg'],
      ['hardness', '229–280 HB'],
      ['surface', '电泳涂装，盐雾 ≥ 480 h / E-coat, salt spray ≥ 480 h'],
      ['vehicles', '中高级乘用车 / Mid-size and premium cars'],
      ['capacity', '200,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-SK-6106',
    title: '新能源汽车轻量化转向节',
    titleEn: 'Lightweight steering knuckle for new energy vehicles',
    summary: '针对新能源车型开发的拓扑优化转向节，42CrMo4钢锻造，比原结构减重约15%。',
    summaryEn:
      'A topology-optimised steering knuckle for new energy vehicles, forged from 42CrMo4 and about 15% lighter than the previous design.',
    body: [
      '新能源汽车电池重量大，对簧下质量和转向节强度提出了双重要求。我们与客户同步开发，通过拓扑优化去除低应力区域的材料，并在锻件上直接成形减重槽。',
      '该产品自2026年3月起批量出口欧洲客户。',
    ],
    bodyEn: [
      'Heavy batteries put pressure on both unsprung mass and knuckle strength. Developing alongside the customer, we removed material from low-stress areas by topology optimisation and forged the lightening pockets directly.',
      'The knuckle has been exported in series to a European customer since March 2026.',
    ],
    specs: specs([
      ['material', '42CrMo4'],
      ['weight', '4.8 kg'],
      ['heat', '调质 / Q&T'],
      ['hardness', '262–311 HB'],
      ['vehicles', '纯电动乘用车 / Battery electric cars'],
      ['capacity', '100,000 pcs/yr'],
    ]),
  },
]

const hubsAndShafts: DemoProduct[] = [
  {
    partNo: 'FL-WH-7101',
    title: '商用车锻钢轮毂',
    titleEn: 'Forged steel wheel hub for commercial vehicles',
    summary: '用于中重型卡车的锻钢轮毂，45钢锻造，轴承座孔精车，比同规格铸造轮毂减重约10%。',
    summaryEn:
      'A forged steel wheel hub for medium and heavy trucks in C45 with finish-turned bearing seats, about 10% lighter than an equivalent cast hub.',
    body: [
      '锻钢轮毂组织致密、强度高，在同等承载能力下壁厚更薄。产品在3150吨液压锻造压力机上成形并冲孔，锻后正火处理。',
      '内外轴承座孔在立式车削中心上一次装夹精车，同轴度不大于0.025 mm；轮毂螺栓采用压装滚花螺栓结构。',
    ],
    bodyEn: [
      'Forged hubs have a dense structure and high strength, allowing thinner walls for the same load rating. The hub is forged and pierced on a 3,150-tonne hydraulic press and normalised after forging.',
      'Inner and outer bearing seats are finish turned in one set-up on a vertical turning centre with coaxiality of 0.025 mm or better; wheel studs are pressed-in knurled studs.',
    ],
    specs: specs([
      ['material', '45 (C45)'],
      ['weight', '18.5 kg'],
      ['tolerance', '轴承座同轴度 ≤ 0.025 mm / Bearing seat coaxiality ≤ 0.025 mm'],
      ['heat', '正火 / Normalising'],
      ['vehicles', '中重型卡车 / Medium and heavy trucks'],
      ['capacity', '70,000 pcs/yr'],
    ]),
    featured: true,
  },
  {
    partNo: 'FL-WH-7102',
    title: '乘用车轮毂轴承单元法兰',
    titleEn: 'Flange for passenger-car hub bearing units',
    summary: '第三代轮毂轴承单元的内圈法兰，C56E2钢锻造，滚道中频淬火，精度高、寿命长。',
    summaryEn:
      'The inner-ring flange of third-generation hub bearing units, forged from C56E2 with an induction-hardened raceway for high precision and long life.',
    body: [
      '法兰盘与轴承内滚道一体化设计，减少了零件数量并提高刚性。滚道经中频感应淬火，淬硬层深度2–3 mm，表面硬度58–64 HRC。',
      '锻件采用温锻与热锻复合工艺，材料利用率高；成品逐件检测法兰端面跳动和滚道尺寸。',
    ],
    bodyEn: [
      'Integrating the flange with the inner raceway reduces part count and raises stiffness. The raceway is induction hardened to a depth of 2–3 mm and 58–64 HRC.',
      'A combined warm and hot forging process gives high material yield, and every finished part is checked for flange run-out and raceway dimensions.',
    ],
    specs: specs([
      ['material', 'C56E2'],
      ['weight', '2.1 kg'],
      ['heat', '中频感应淬火 / Induction hardening'],
      ['hardness', '58–64 HRC'],
      ['tolerance', '端面跳动 ≤ 0.02 mm / Face run-out ≤ 0.02 mm'],
      ['capacity', '500,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-WH-7103',
    title: '轻型卡车后轮毂',
    titleEn: 'Rear wheel hub for light trucks',
    summary: '轻卡后桥双胎轮毂，45钢锻造正火，适配鼓式和盘式制动器。',
    summaryEn:
      'A dual-wheel rear hub for light truck axles, forged from C45 and normalised, compatible with drum and disc brakes.',
    body: [
      '轮毂的制动鼓安装面与轴承孔一次车削完成，保证制动鼓跳动要求，减轻制动抖动。',
      '产品提供黑色电泳和涂防锈油两种交付状态，满足主机配套和售后市场需求。',
    ],
    bodyEn: [
      'The brake drum mounting face and bearing bores are turned in one operation to control drum run-out and reduce brake judder.',
      'Hubs are delivered e-coated black or oiled, for OEM assembly and the aftermarket.',
    ],
    specs: specs([
      ['material', '45 (C45)'],
      ['weight', '9.2 kg'],
      ['heat', '正火 / Normalising'],
      ['hardness', '170–229 HB'],
      ['vehicles', '3.5–6 t 轻卡 / 3.5–6 t light trucks'],
      ['capacity', '120,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-AS-7104',
    title: '轻卡全浮式半轴',
    titleEn: 'Full-floating axle shaft for light trucks',
    summary: '轻卡后桥全浮式半轴，40Cr钢整体锻造法兰盘，杆部中频淬火，抗扭强度高。',
    summaryEn:
      'A full-floating rear axle shaft for light trucks with an integrally forged 40Cr flange and an induction-hardened shank for high torsional strength.',
    body: [
      '半轴法兰盘采用电热镦粗后模锻成形，金属流线连续，消除了摩擦焊结构的焊缝隐患。',
      '杆部中频感应淬火深度达到半径的1/3以上，静扭强度和扭转疲劳寿命满足行业标准及客户技术条件。',
    ],
    bodyEn: [
      'The flange is electrically upset and then die forged, giving unbroken grain flow and eliminating the weld risk of friction-welded designs.',
      'The shank is induction hardened to more than one-third of its radius, and static torsional strength and torsional fatigue life meet industry standards and the customer’s specification.',
    ],
    specs: specs([
      ['material', '40Cr'],
      ['length', '860–1,020 mm'],
      ['weight', '11.4 kg'],
      ['heat', '中频感应淬火 / Induction hardening'],
      ['hardness', '52–58 HRC'],
      ['vehicles', '轻型卡车 / Light trucks'],
      ['capacity', '150,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-AS-7105',
    title: '重型卡车半轴',
    titleEn: 'Axle shaft for heavy trucks',
    summary: '重卡驱动桥半轴，40CrMnMo钢锻造，花键冷滚压成形，适用于13吨级驱动桥。',
    summaryEn:
      'A heavy truck drive axle shaft forged from 40CrMnMo with cold-rolled splines, for 13-tonne class axles.',
    body: [
      '半轴花键采用冷滚压成形，齿部金属流线不被切断，花键强度比铣削花键提高约25%。',
      '每批产品抽样进行静扭破坏试验和扭转疲劳试验，试验报告随货提供。',
    ],
    bodyEn: [
      'Splines are cold rolled, so the grain flow through the teeth is not cut, giving splines about 25% stronger than milled ones.',
      'Samples from each batch undergo static torsion-to-failure and torsional fatigue tests, and the test reports ship with the goods.',
    ],
    specs: specs([
      ['material', '40CrMnMo'],
      ['weight', '32 kg'],
      ['heat', '调质 + 中频淬火 / Q&T + induction hardening'],
      ['hardness', '52–57 HRC'],
      ['vehicles', '13 t 驱动桥重卡 / Heavy trucks with 13 t drive axles'],
      ['capacity', '50,000 pcs/yr'],
    ]),
  },
  {
    partNo: 'FL-AS-7106',
    title: 'SUV 半浮式后半轴',
    titleEn: 'Semi-floating rear axle shaft for SUVs',
    summary: 'SUV和皮卡后桥半浮式半轴，42CrMo4钢锻造，轴承位和油封位感应淬火并磨削。',
    summaryEn:
      'A semi-floating rear axle shaft for SUVs and pickups, forged from 42CrMo4 with induction-hardened and ground bearing and seal journals.',
    body: [
      '半浮式半轴同时承受驱动扭矩和车轮弯矩，对材料强度要求更高。产品选用42CrMo4钢，轴承位表面淬火后磨削，圆度不大于0.005 mm。',
      '产品适配多款国产SUV和皮卡后桥，并可根据客户样件进行逆向开发。',
    ],
    bodyEn: [
      'A semi-floating shaft carries both drive torque and wheel bending loads, so it needs stronger material. It is made of 42CrMo4, and the bearing journal is surface hardened and ground to a roundness of 0.005 mm.',
      'The shaft fits the rear axles of several domestic SUVs and pickups, and we can reverse-engineer from customer samples.',
    ],
    specs: specs([
      ['material', '42CrMo4'],
      ['weight', '9.8 kg'],
      ['heat', '调质 + 中频淬火 / Q&T + induction hardening'],
      ['tolerance', '轴承位圆度 ≤ 0.005 mm / Bearing journal roundness ≤ 0.005 mm'],
      ['vehicles', 'SUV、皮卡 / SUVs, pickups'],
      ['capacity', '100,000 pcs/yr'],
    ]),
  },
]

/** In display order: category N uses category-N.webp and product images 4N-3..4N. */
export const demoCatalogue: DemoCategory[] = [
  { title: '曲轴', titleEn: 'Crankshafts', products: crankshafts },
  { title: '连杆', titleEn: 'Connecting rods', products: connectingRods },
  { title: '齿轮', titleEn: 'Gears', products: gears },
  { title: '法兰', titleEn: 'Flanges', products: flanges },
  { title: '转向节', titleEn: 'Steering knuckles', products: knuckles },
  { title: '轮毂与半轴', titleEn: 'Wheel hubs & axle shafts', products: hubsAndShafts },
]
