import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** A component in a chunk of its own, loaded when first rendered, or earlier when asked to. */
export type LazyChunk<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  /** Start loading the chunk now (once); rendering the component later waits for the same load. Settles when it has loaded or failed. */
  preload: () => Promise<void>;
};

const noop = () => undefined;

/**
 * React's `lazy` with a preload: the layout starts every chunk a page needs at once (the query scope,
 * the sign-in guard and the screen) rather than each after the one around it has loaded.
 */
export function lazyChunk<P extends object = object>(load: () => Promise<ComponentType<P>>): LazyChunk<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => (loading ??= load().then((component) => ({ default: component })));
  // A failed preload is reported when the component renders (the layout's error card), not here.
  return Object.assign(lazy(start), { preload: () => start().then(noop, noop) });
}

/** Whether a route's component can be preloaded. */
export function isLazyChunk(component: unknown): component is LazyChunk {
  return typeof component === 'object' && component !== null && typeof (component as Partial<LazyChunk>).preload === 'function';
}

/**
 * Starts every chunk the screen at this path needs at once (the query scope, the sign-in guard, the
 * screen), not each after the one around it; settles when all have arrived or failed.
 */
export function preloadScreen(routes: RouteObject[], pathname: string): Promise<void> {
  const chunks = (matchRoutes(routes, pathname) ?? []).map(({ route }) => route.Component).filter(isLazyChunk);
  return Promise.all(chunks.map((chunk) => chunk.preload())).then(noop);
}

/**
 * A chunk's load that, when it fails (the line gone for a moment), is tried again every `retryMs`
 * until it arrives, and never fails: for a part of the page outside the screens' error card.
 */
export function loadUntilItArrives<T>(load: () => Promise<T>, retryMs: number): () => Promise<T> {
  const attempt = (): Promise<T> => load().catch(() => new Promise<void>((wait) => setTimeout(wait, retryMs)).then(attempt));
  return attempt;
}
