// Small deterministic generator (mulberry32) for seed data.
const HEX_CODES = Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0));

export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = (seed >>> 0) ^ 0x9e3779b9;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(minInclusive: number, maxInclusive: number): number {
    return minInclusive + Math.floor(this.next() * (maxInclusive - minInclusive + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return (choices[choices.length - 1] as readonly [T, number])[0];
  }

  /** `length` hex digits, one draw each; made from char codes at once, because a string grown a
   * digit at a time is a chain of small strings the seed's tens of thousands of ids left to the GC. */
  hex(length: number): string {
    const codes = new Array<number>(length);
    for (let i = 0; i < length; i++) codes[i] = HEX_CODES[(this.next() * 16) | 0] as number;
    return String.fromCharCode(...codes);
  }
}
