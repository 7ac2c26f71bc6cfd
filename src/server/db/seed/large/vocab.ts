/** Word lists the large data set (`npm run seed:large`) draws from: a forge's customers, parts and staff. */

export const customers = [
  '上海恒驰汽车动力系统有限公司',
  '无锡威特柴油机零部件有限公司',
  '常州华宇传动科技有限公司',
  '南京云帆汽车底盘系统有限公司',
  '浙江东锐齿轮传动有限公司',
  '苏州博越汽车零部件有限公司',
  '山东泰岳重型车桥有限公司',
  '安徽合锐新能源汽车有限公司',
  '重庆长鑫摩托车配件有限公司',
  '湖北东风精工锻造有限公司',
  '广州穗华汽车部件有限公司',
  '天津津港重型机械有限公司',
  'Nordkamp Fahrwerktechnik GmbH',
  'Alder Axle Components Ltd.',
  'Ridgeway Powertrain Inc.',
  'Tanaka Precision Forging K.K.',
  'Lyon Transmissions SAS',
  'Bharat Drive Systems Pvt. Ltd.',
]

export const parts = [
  ['曲轴', 'crankshaft'],
  ['连杆', 'connecting rod'],
  ['齿轮坯', 'gear blank'],
  ['法兰盘', 'flange'],
  ['转向节', 'steering knuckle'],
  ['轮毂', 'wheel hub'],
  ['半轴', 'axle shaft'],
  ['凸轮轴', 'camshaft'],
  ['同步器齿环', 'synchronizer ring'],
  ['万向节叉', 'universal joint yoke'],
  ['输出轴', 'output shaft'],
  ['拨叉', 'shift fork'],
] as const

export const partFamilies = ['CS', 'CR', 'GR', 'FG', 'SK', 'WH', 'AS', 'UJ', 'OS', 'SF']

export const steels = [
  '42CrMo4',
  '38MnVS6',
  'C70S6',
  '20CrMnTi',
  '40Cr',
  '45#',
  '18CrNiMo7-6',
  'SCM435',
]

export const suppliers = [
  '江阴澄丰特殊钢有限公司',
  '无锡锡联特钢材料有限公司',
  '常州武进恒泰钢材贸易有限公司',
  '南京宁钢金属材料有限公司',
  '常州精模模具钢有限公司',
  '昆山德胜模具材料有限公司',
  'Saarstahl Trading Shanghai',
  'Ovako Bar Steel (Suzhou)',
]

export const processes = [
  ['常州金热热处理有限公司', '氮化处理 nitriding'],
  ['无锡中检无损检测有限公司', '磁粉探伤 magnetic particle inspection'],
  ['江苏亿达喷丸科技有限公司', '喷丸强化 shot peening'],
  ['常州武进华源热处理厂', '渗碳淬火 carburising'],
  ['常州天宁明亮表面处理有限公司', '镀锌钝化 zinc plating'],
  ['常州天宁明亮表面处理有限公司', '电泳涂装 e-coating'],
] as const

export const people = [
  '王建国',
  '李秀英',
  '张伟',
  '刘洋',
  '陈静',
  '杨磊',
  '赵敏',
  '黄强',
  'Zhou Min',
  'Anna Weber',
  'Tom Harris',
]

export const carriers = [
  ['苏通物流', 'ST'],
  ['锡常快运', 'XC'],
  ['华东联运物流', 'HD'],
  ['中邦零担物流', 'ZB'],
  ['DHL Global Forwarding', 'DH'],
] as const

export const locations = [
  'A区-01货架',
  'A区-07货架',
  'B区-03货架',
  '成品库-2号位',
  'Raw bar yard 3',
  'Finished goods bay 5',
]

export const remarks = [
  '',
  '',
  '客户要求加急，优先排产',
  '按图纸B版本加工',
  'Customer asked for PPAP level 3',
  '首件检验合格后批量生产',
  '包装：防锈油+木箱',
  'Ship with material certificates 3.1',
  '毛坯余量加大0.5mm',
  '分两批交货',
]

export const areas = [
  '',
  '320000,320400,320411',
  '310000,310100,310114',
  '330000,331000,331004',
  '370000,370100,370114',
]

export const operations = [
  ['login', 'login success'],
  ['save order', 'success'],
  ['save purchase', 'success'],
  ['audit order', 'success'],
  ['export Order', 'success'],
  ['login', 'login failure: wrong password'],
  ['save shipment', 'success'],
  ['delete quality', 'success'],
  ['GetList Order', 'permission denied'],
  ['modify password', 'success'],
] as const

export const accounts = ['admin', 'staff', 'editor', 'wangjg', 'lixy', 'zhangw', 'liuy', 'chenj']
