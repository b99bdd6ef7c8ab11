// The issuers' number ranges (ISO/IEC 7812 issuer identification numbers) with the
// lengths each brand issues. A run of digits that is Luhn-valid but starts outside
// these ranges (an order number, a phone number, a tracking number) is left as typed.

/** One brand range: numbers whose first digits lie in [low, high] and whose length is in [min, max]. */
type CardRange = readonly [low: string, high: string, min: number, max: number]

const CARD_RANGES: readonly CardRange[] = [
  ['4', '4', 13, 19], // Visa, Visa Electron
  ['51', '55', 16, 16], // Mastercard
  ['2221', '2720', 16, 16], // Mastercard 2-series
  ['2200', '2204', 16, 19], // Mir
  ['34', '34', 15, 15], // American Express
  ['37', '37', 15, 15], // American Express
  ['300', '305', 14, 19], // Diners Club International
  ['3095', '3095', 14, 19], // Diners Club
  ['36', '36', 14, 19], // Diners Club
  ['38', '39', 14, 19], // Diners Club, Hipercard
  ['3528', '3589', 16, 19], // JCB, RuPay-JCB
  ['50', '50', 13, 19], // Maestro, Verve, RuPay
  ['56', '69', 13, 19], // Maestro, Discover, UnionPay, RuPay, Elo, Troy's 65
  ['81', '82', 16, 19], // UnionPay, RuPay
  ['9792', '9792', 16, 16], // Troy
]

/** Whether a number of these digits (13–19 of them) could be a payment card by its prefix and length. */
export function isCardPrefix(digits: string): boolean {
  for (const [low, high, min, max] of CARD_RANGES) {
    if (digits.length < min || digits.length > max) continue
    const prefix = digits.slice(0, low.length)
    if (prefix >= low && prefix <= high) return true
  }
  return false
}

/** Whether the digits pass the Luhn check every payment card number carries. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0
  let double = false
  for (let i = digits.length - 1; i >= 0; i--) {
    let digit = digits.charCodeAt(i) - 48
    if (double) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
    double = !double
  }
  return sum % 10 === 0
}
