/** Written in by the build (vite-plugins.ts, `serviceWorker`): the build's hashed files. */
declare const __PRECACHE__: string[];
/** The cache of this build: a new build's worker fills its own and drops the older ones. */
declare const __CACHE_NAME__: string;
