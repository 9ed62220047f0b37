// The geometry of a virtual-scrolled table, pure: which rows a scroll position shows, where each
// sits, and which fixed windows of rows must be fetched for them.
//
// The scroll container holds one spacer whose height stands for every row. Chromium caps an
// element's height near 33,554,400 px (2^25), so a million 36-px rows (36 M px) cannot each get
// their pixels: above MAX_SPACER_PX the spacer is capped and the scroll position is scaled, the
// scrollbar's full travel mapping onto the rows' full travel. Below the cap nothing is scaled and
// each row sits at index × rowHeight in the spacer.

/** Kept under Chromium's ~33.5 M px element cap with room for the viewport. */
export const MAX_SPACER_PX = 30_000_000;

export interface ScrollGeometry {
  /** Rows in the filtered set. */
  total: number;
  rowHeight: number;
  /** The visible height of the scroll container. */
  viewport: number;
  /** The tallest spacer allowed (MAX_SPACER_PX, smaller in tests). */
  maxSpacer?: number;
}

export interface VisibleRows {
  /** First and last row index in view (last < first when there are no rows). */
  first: number;
  last: number;
  /** The rows' own offset at the top of the viewport, in unscaled pixels. */
  offset: number;
}

function contentHeight(geo: ScrollGeometry): number {
  return Math.max(0, geo.total) * geo.rowHeight;
}

export function spacerHeight(geo: ScrollGeometry): number {
  return Math.min(contentHeight(geo), geo.maxSpacer ?? MAX_SPACER_PX);
}

export function isScaled(geo: ScrollGeometry): boolean {
  return contentHeight(geo) > spacerHeight(geo);
}

/** Unscaled pixels of row travel per pixel of scrollbar travel (1 below the cap). */
function scrollRatio(geo: ScrollGeometry): number {
  const rowTravel = contentHeight(geo) - geo.viewport;
  const barTravel = spacerHeight(geo) - geo.viewport;
  if (!isScaled(geo) || rowTravel <= 0 || barTravel <= 0) return 1;
  return rowTravel / barTravel;
}

/** The rows' offset (unscaled px) shown at a scroll position. */
export function rowOffsetAt(scrollTop: number, geo: ScrollGeometry): number {
  const maxOffset = Math.max(0, contentHeight(geo) - geo.viewport);
  return Math.min(maxOffset, Math.max(0, scrollTop * scrollRatio(geo)));
}

/** The scroll position that shows the rows from `offset` (unscaled px): rowOffsetAt's inverse. */
export function scrollTopFor(offset: number, geo: ScrollGeometry): number {
  const maxScroll = Math.max(0, spacerHeight(geo) - geo.viewport);
  return Math.min(maxScroll, Math.max(0, offset / scrollRatio(geo)));
}

export function visibleRows(scrollTop: number, geo: ScrollGeometry): VisibleRows {
  const offset = rowOffsetAt(scrollTop, geo);
  if (geo.total <= 0) return { first: 0, last: -1, offset };
  const first = Math.min(geo.total - 1, Math.floor(offset / geo.rowHeight));
  const last = Math.min(geo.total - 1, Math.max(first, Math.ceil((offset + geo.viewport) / geo.rowHeight) - 1));
  return { first, last, offset };
}

/** The rows to keep in the DOM: those in view and `margin` more on each side. */
export function renderedRows(view: VisibleRows, total: number, margin: number): { first: number; last: number } {
  if (total <= 0 || view.last < view.first) return { first: 0, last: -1 };
  return { first: Math.max(0, view.first - margin), last: Math.min(total - 1, view.last + margin) };
}

/** A row's top inside the spacer: where it must sit to appear at its place in the viewport. */
export function rowTop(index: number, scrollTop: number, geo: ScrollGeometry): number {
  if (!isScaled(geo)) return index * geo.rowHeight;
  return scrollTop + index * geo.rowHeight - rowOffsetAt(scrollTop, geo);
}

/** The scroll position after moving just enough to show row `index` whole (unchanged if it is). */
export function scrollToShow(index: number, scrollTop: number, geo: ScrollGeometry): number {
  const offset = rowOffsetAt(scrollTop, geo);
  const top = index * geo.rowHeight;
  const bottom = top + geo.rowHeight;
  if (top < offset) return scrollTopFor(top, geo);
  if (bottom > offset + geo.viewport) return scrollTopFor(bottom - geo.viewport, geo);
  return scrollTop;
}

/** Rows a page key moves by: the whole rows in view, less one kept for context. */
export function pageRows(geo: ScrollGeometry): number {
  return Math.max(1, Math.floor(geo.viewport / geo.rowHeight) - 1);
}

/** The fixed windows (index k covers rows k×size … k×size+size−1) that hold rows first…last. */
export function windowsFor(first: number, last: number, size: number): number[] {
  if (last < first) return [];
  const windows: number[] = [];
  for (let k = Math.floor(Math.max(0, first) / size); k <= Math.floor(last / size); k += 1) windows.push(k);
  return windows;
}
