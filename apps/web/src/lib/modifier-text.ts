/*
 * How a line's chosen options read, at the till, on the receipt and in the sale's details:
 * their Khmer names when the console is in Khmer (and the option has one), else English.
 */

type NamedOption = { name: string; name_km: string | null };

export const optionName = (option: NamedOption, language: string): string => (language === 'kh' && option.name_km ? option.name_km : option.name);

/** "L · 50% sugar · Less ice · Extra shot" */
export const optionsText = (options: readonly NamedOption[], language: string): string => options.map((option) => optionName(option, language)).join(' · ');

type HandDiscount = { type: 'percent' | 'amount'; value: number; reason: string };

/** "10% · Staff" or "$0.50 · Damaged" (a quick reason in the reader's language, a typed one as typed). */
export const discountText = (discount: HandDiscount, t: (key: string) => string, money: (amount: number) => string): string =>
  `${discount.type === 'percent' ? `${discount.value}%` : money(discount.value)} · ${t(discount.reason)}`;

/** An option with its price when it has one: "L +$1.00". */
export const optionWithPrice = (option: NamedOption & { price: number }, language: string, money: (amount: number) => string): string =>
  option.price === 0 ? optionName(option, language) : `${optionName(option, language)} ${option.price > 0 ? '+' : '−'}${money(Math.abs(option.price))}`;
