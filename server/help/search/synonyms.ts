// A small, general vocabulary of customer-support words that mean the same thing to the
// person asking: a query term also finds its group's other words, at a lower weight
// (query.ts). Written by hand for shops and web services, not fitted to any question set.
import type { Analyzer } from './tokenize'

const GROUPS: Record<string, string[][]> = {
  en: [
    ['refund', 'reimburse', 'reimbursement', 'repay'],
    ['return', 'exchange', 'swap'],
    ['ship', 'shipping', 'deliver', 'delivery', 'dispatch', 'courier', 'postage'],
    ['cancel', 'stop', 'terminate', 'unsubscribe', 'end'],
    ['password', 'passcode', 'pin', 'credentials'],
    ['login', 'logon', 'signin', 'log', 'sign'],
    ['account', 'profile', 'registration'],
    ['delete', 'remove', 'erase', 'wipe', 'clear'],
    ['buy', 'purchase', 'order'],
    ['price', 'cost', 'fee', 'charge', 'rate'],
    ['pay', 'payment', 'billing', 'checkout'],
    ['invoice', 'receipt', 'bill'],
    ['track', 'trace', 'follow'],
    ['change', 'modify', 'edit', 'update', 'alter'],
    ['email', 'mail', 'e-mail', 'inbox'],
    ['problem', 'issue', 'error', 'trouble', 'bug', 'fail'],
    ['broken', 'damaged', 'defective', 'faulty'],
    ['discount', 'coupon', 'promo', 'voucher', 'code'],
    ['contact', 'reach', 'call', 'phone'],
    ['help', 'support', 'assist', 'assistance'],
    ['download', 'save', 'export', 'backup'],
    ['upload', 'import', 'attach'],
    ['find', 'search', 'locate', 'look'],
    ['hide', 'private', 'privacy', 'invisible'],
    ['photo', 'picture', 'image', 'pic'],
    ['video', 'clip', 'movie'],
    ['restore', 'recover', 'retrieve', 'undo', 'undelete'],
    ['notification', 'alert', 'notify', 'reminder'],
    ['subscription', 'plan', 'membership'],
    ['block', 'ban', 'mute'],
    ['link', 'url', 'address'],
    ['sort', 'order', 'arrange'],
    ['multiple', 'many', 'several', 'bulk'],
    ['print', 'printout'],
    ['font', 'text', 'typeface'],
    ['spreadsheet', 'sheet', 'table'],
    ['folder', 'directory', 'label'],
    ['friend', 'contact', 'connection'],
    ['fast', 'quick', 'express'],
    ['late', 'delayed', 'slow'],
    ['size', 'fit', 'measurement', 'dimension'],
    ['card', 'visa', 'mastercard', 'credit'],
    ['warranty', 'guarantee'],
    ['address', 'location'],
  ],
  ru: [
    ['возврат', 'вернуть', 'возвратить', 'обмен', 'обменять'],
    ['доставка', 'доставить', 'отправка', 'курьер', 'посылка'],
    ['отменить', 'отмена', 'остановить', 'отписаться'],
    ['пароль', 'логин', 'вход', 'войти'],
    ['удалить', 'удаление', 'стереть'],
    ['купить', 'покупка', 'заказ', 'заказать'],
    ['цена', 'стоимость', 'сколько', 'тариф'],
    ['оплата', 'оплатить', 'платеж', 'платёж'],
    ['размер', 'подойдет', 'подойдёт'],
    ['проблема', 'ошибка', 'сбой'],
  ],
}

const maps = new Map<Analyzer, ReadonlyMap<string, readonly string[]>>()

/** Each term of the analyzer's language to the other terms of its groups. */
export function synonymsOf(analyzer: Analyzer): ReadonlyMap<string, readonly string[]> {
  let map = maps.get(analyzer)
  if (map) return map
  const built = new Map<string, string[]>()
  const groups = Object.hasOwn(GROUPS, analyzer.language) ? (GROUPS[analyzer.language] ?? []) : []
  for (const group of groups) {
    const terms = [...new Set(group.map((word) => analyzer.term(word, true)))]
    for (const term of terms) {
      const others = built.get(term) ?? []
      for (const other of terms) if (other !== term && !others.includes(other)) others.push(other)
      built.set(term, others)
    }
  }
  map = built
  maps.set(analyzer, map)
  return map
}
