import { createElement, lazy, type ComponentType } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** A page component loaded on demand, which can also be loaded ahead of its first render. */
export interface LazyPage<P> {
  (props: P): ReturnType<typeof createElement>;
  preload(): Promise<unknown>;
}

/**
 * React.lazy suspends on first render even when the chunk is already loaded, and React then holds the
 * fallback for up to 300 ms. Once preloaded, this renders the page directly: the first paint of the
 * route the app opens on has no skeleton flash and no wait.
 */
export function lazyPage<P extends object>(load: Loader<P>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  const Page = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Page, { preload: () => preload().catch(() => undefined) });
}
