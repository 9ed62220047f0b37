// WCAG 2.2 contrast between two colours: relative luminance of sRGB, the ratio (L1 + 0.05) /
// (L2 + 0.05), and a translucent colour laid over its background first, as the screen shows it.

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0 (transparent) to 1 (opaque). */
  a: number;
}

/** The text contrast AA asks of body text, and of icons, borders and focus rings. */
export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;

/** Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(…)` and `rgba(…)`, as CSS and naive-ui write them. */
export function parseColor(css: string): Rgba {
  const text = css.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(text)?.[1];
  if (hex !== undefined && [3, 4, 6, 8].includes(hex.length)) {
    const long = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex;
    const channel = (index: number) => parseInt(long.slice(index * 2, index * 2 + 2), 16);
    return { r: channel(0), g: channel(1), b: channel(2), a: long.length === 8 ? channel(3) / 255 : 1 };
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(text)?.[1];
  if (fn !== undefined) {
    const parts = fn.split(/[\s,/]+/).filter((part) => part !== '');
    if (parts.length === 3 || parts.length === 4) {
      const [r, g, b] = parts.slice(0, 3).map(Number);
      const alphaText = parts[3] ?? '1';
      const a = alphaText.endsWith('%') ? Number(alphaText.slice(0, -1)) / 100 : Number(alphaText);
      if ([r, g, b, a].every((value) => Number.isFinite(value))) return { r: r!, g: g!, b: b!, a };
    }
  }
  throw new Error(`Not a colour this parser reads: ${css}`);
}

/** `top` laid over an opaque `bottom`. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (over: number, under: number) => over * top.a + under * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

export function relativeLuminance(color: Rgba): number {
  return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b);
}

/** The contrast of `foreground` on `background` (either may be translucent; the background is laid
 *  over `backdrop`, white unless told, and the foreground over the result). */
export function contrastRatio(foreground: string, background: string, backdrop = '#ffffff'): number {
  const under = composite(parseColor(background), parseColor(backdrop));
  const over = composite(parseColor(foreground), under);
  const [light, dark] = [relativeLuminance(over), relativeLuminance(under)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
