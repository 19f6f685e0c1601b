import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A component in a chunk of its own, loaded when first rendered, or earlier when asked to. */
export type LazyChunk<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  /** Start loading the chunk now (once); rendering the component later waits for the same load. */
  preload: () => void;
};

/**
 * React's `lazy` with a preload: the layout starts every chunk a page needs at once (the query scope,
 * the sign-in guard and the screen) rather than each after the one around it has loaded.
 */
export function lazyChunk<P extends object = object>(load: () => Promise<ComponentType<P>>): LazyChunk<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => (loading ??= load().then((component) => ({ default: component })));
  // A failed preload is reported when the component renders (the layout's error card), not here.
  return Object.assign(lazy(start), { preload: () => void start().catch(() => undefined) });
}

/** Whether a route's component can be preloaded. */
export function isLazyChunk(component: unknown): component is LazyChunk {
  return typeof component === 'object' && component !== null && typeof (component as Partial<LazyChunk>).preload === 'function';
}

/**
 * A chunk's load that, when it fails (the line gone for a moment), is tried again every `retryMs`
 * until it arrives, and never fails: for a part of the page outside the screens' error card.
 */
export function loadUntilItArrives<T>(load: () => Promise<T>, retryMs: number): () => Promise<T> {
  const attempt = (): Promise<T> => load().catch(() => new Promise<void>((wait) => setTimeout(wait, retryMs)).then(attempt));
  return attempt;
}
