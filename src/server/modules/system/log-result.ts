import type { Lang } from '../../i18n.ts'

/** The results written in words, in both languages (the log page's labels, log-result.ts there). */
const results: Record<string, Record<Lang, string>> = {
  'login success': { zh: '登录成功', en: 'Login success' },
  'login failure': { zh: '登录失败', en: 'Login failure' },
  'login blocked': { zh: '登录被锁定', en: 'Login blocked' },
  'permission denied': { zh: '没有权限', en: 'Permission denied' },
  'interface exception': { zh: '接口异常', en: 'Interface exception' },
  attack: { zh: '攻击', en: 'Attack' },
  'client error': { zh: '前端错误', en: 'Client error' },
  success: { zh: '成功', en: 'Success' },
}

/**
 * A log entry's result in one language, for the export: the server writes results in English
 * once (a record), and the reader's language applies when it is shown or exported, so a Chinese
 * sheet reads "成功：新增 0，修改 1，删除 0", not "成功: inserted 0, updated 1, removed 0".
 */
export function logResultIn(r: string, lang: Lang): string {
  const known = results[r]
  if (known) return known[lang]
  const counts = /^success: inserted (\d+), updated (\d+), (removed|unchanged) (\d+)$/.exec(r)
  if (counts) {
    const [, a, c, kind, n] = counts
    if (lang === 'en') return `Success: ${a} added, ${c} changed, ${n} ${kind}`
    return `成功：新增 ${a}，修改 ${c}，${kind === 'removed' ? '删除' : '未变'} ${n}`
  }
  const sent = /^sent to (.+)$/.exec(r)
  if (sent) return lang === 'en' ? `Sent to ${sent[1]}` : `已发送至 ${sent[1]}`
  if (r.startsWith('client error:'))
    return `${results['client error']![lang]}${lang === 'zh' ? '：' : ':'}${r.slice(13)}`
  return r
}
