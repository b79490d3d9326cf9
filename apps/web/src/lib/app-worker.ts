/** The service worker's script (src/worker, built as `sw.js` by vite-plugins.ts). */
export const WORKER_URL = '/sw.js';

/**
 * Registers the app's worker and calls `onWaiting` whenever a newer build's worker has installed
 * and waits for this tab to let it take over: at once for one already waiting, later for one found
 * by the browser's own update checks (on navigations) or `registration.update()`.
 */
export async function registerAppWorker(
  onWaiting: (registration: ServiceWorkerRegistration) => void,
): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
  // The first worker of a device has nothing to replace: only an update waits.
  const waitingUpdate = () => {
    if (registration.waiting && navigator.serviceWorker.controller) onWaiting(registration);
  };
  waitingUpdate();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') waitingUpdate();
    });
  });
  return registration;
}

/**
 * The member chose the new version: the waiting worker takes over, and the tab reloads once it
 * controls it, so the page and its chunks come from the same build.
 */
export function applyWaitingWorker(
  registration: ServiceWorkerRegistration,
  reload = () => window.location.reload(),
) {
  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  });
  registration.waiting?.postMessage({ type: 'skip-waiting' });
}
