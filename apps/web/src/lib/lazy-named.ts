import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a named export: React's takes a module's default export only, and every module
 * here exports its component by name.
 */
export function lazyNamed<TName extends string, TProps extends object>(
  load: () => Promise<Record<TName, ComponentType<TProps>>>,
  name: TName,
) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
