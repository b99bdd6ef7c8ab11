// The issuers' number ranges (ISO/IEC 7812 issuer identification numbers) with the
// lengths each brand issues. A run of digits that is Luhn-valid but starts outside
// these ranges (an order number, a phone number, a tracking number) is left as typed.

/** One brand range: numbers whose first digits lie in [low, high], of one of these lengths. */
type CardRange = readonly [low: string, high: string, lengths: readonly number[]]

const SIXTEEN_TO_NINETEEN = [16, 17, 18, 19]

// The lengths brands issue today: a random 13- or 15-digit number (a barcode, a parcel's
// tracking number) passes Luhn one time in ten, so only Visa's old 13 digits and
// American Express's 15 are taken at those lengths.
const CARD_RANGES: readonly CardRange[] = [
  ['4', '4', [13, 16, 19]], // Visa, Visa Electron, V Pay
  ['51', '55', [16]], // Mastercard
  ['2221', '2720', [16]], // Mastercard 2-series
  ['2200', '2204', SIXTEEN_TO_NINETEEN], // Mir
  ['34', '34', [15]], // American Express
  ['37', '37', [15]], // American Express
  ['300', '305', [14, 16, 19]], // Diners Club International
  ['3095', '3095', [14, 16, 19]], // Diners Club
  ['36', '36', [14, 16, 19]], // Diners Club
  ['38', '39', [14, 16, 19]], // Diners Club, Hipercard
  ['3528', '3589', SIXTEEN_TO_NINETEEN], // JCB, RuPay-JCB
  ['50', '50', SIXTEEN_TO_NINETEEN], // Maestro, Verve, RuPay
  ['56', '69', SIXTEEN_TO_NINETEEN], // Maestro, Discover, UnionPay, RuPay, Elo, Troy's 65
  ['81', '82', SIXTEEN_TO_NINETEEN], // UnionPay, RuPay
  ['9792', '9792', [16]], // Troy
]

/** Whether 12 digits and this check digit make a valid EAN-13 barcode (weights 1 and 3). */
function isEan13(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < 13; i++) sum += (digits.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 3)
  return sum % 10 === 0
}

/**
 * Whether a number of these digits could be a payment card by its prefix and length. A
 * 13-digit number that is a valid EAN-13 is read as the product's barcode: no Visa card
 * of 13 digits has been issued for years, barcodes are on every parcel.
 */
export function isCardPrefix(digits: string): boolean {
  if (digits.length === 13 && isEan13(digits)) return false
  for (const [low, high, lengths] of CARD_RANGES) {
    if (!lengths.includes(digits.length)) continue
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
