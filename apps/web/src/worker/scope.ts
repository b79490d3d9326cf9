/** The global scope, as a service worker's: the WebWorker lib types `self` as any worker's. */
export const worker = self as unknown as ServiceWorkerGlobalScope;
