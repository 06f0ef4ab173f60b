/** "1 product" / "3 products", for messages that count things. */
export const countNoun = (n: number, noun: string, plural = `${noun}s`) => `${n} ${n === 1 ? noun : plural}`;
